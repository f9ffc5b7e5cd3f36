// OneWayTesting: test helpers for OneWay stores.
//
// - `expect(_:_:timeout:)` on `Store` and `ViewStore` waits, without polling, until the store is
//   idle or the timeout has passed, then checks a property of the state (OneWay 3.x's meaning).
// - `TestStore` checks a reducer exhaustively: every state change, every action its effects
//   feed back, and every effect's end.
//
// Failures go to Swift Testing when a Swift Testing test is running, and to XCTest otherwise.
// Importing OneWayTesting imports OneWay too.
@_exported import OneWay
