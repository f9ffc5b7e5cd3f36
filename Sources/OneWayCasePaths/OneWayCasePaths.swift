// The case-key-path operators, with swift-case-paths' `@CasePathable` macro beside them: what an
// app imports. OneWayCasePathsCore has the operators alone, for a build without swift-syntax.
@_exported import CasePaths
@_exported import OneWayCasePathsCore
