// OneWayTesting: test helpers for OneWay stores.
//
// - `expect(_:_:timeout:)` on `Store` and `ViewStore` waits, without polling, until a property
//   of the state has a value while the store is idle.
// - `TestStore` checks a reducer exhaustively: every state change, every action its effects
//   feed back, and every effect's end.
//
// Failures go to Swift Testing when a Swift Testing test is running, and to XCTest otherwise.
// Importing OneWayTesting imports OneWay too.
@_exported import OneWay
