import Testing

@testable import OneWayTesting
