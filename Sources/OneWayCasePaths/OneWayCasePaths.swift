// With the CasePathsMacro trait, swift-case-paths' `@CasePathable` macro comes with the
// operators: what an app imports. Without it (the CasePaths trait alone) the operators take
// conformances written by hand, and nothing builds swift-syntax.
#if CasePathsMacro
@_exported import CasePaths
#endif
