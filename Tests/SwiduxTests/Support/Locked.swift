// Only here: OneWay's `Store` and `Reducer` would make Swidux's ambiguous in the test files.
import OneWay

/// OneWay's value under a lock, for closures that any thread calls.
typealias Locked<Value> = OneWay.Locked<Value>
