// swift-tools-version:6.1
import PackageDescription

let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let clocks = Target.Dependency.product(name: "Clocks", package: "swift-clocks")

// A product of a heavy package, linked only under its trait.
func combine(_ name: String, _ package: String) -> Target.Dependency {
  .product(name: name, package: package, condition: .when(traits: ["Combine"]))
}
func inspector(_ name: String, _ package: String) -> Target.Dependency {
  .product(name: name, package: package, condition: .when(traits: ["Inspector"]))
}
func postgres(_ name: String, _ package: String) -> Target.Dependency {
  .product(name: name, package: package, condition: .when(traits: ["Postgres"]))
}
func dependencies(_ name: String, _ package: String) -> Target.Dependency {
  .product(name: name, package: package, condition: .when(traits: ["Dependencies"]))
}
// OneWayCombine's tests: a test scheduler for time-based side ways (it builds OpenCombine).
let schedulers = combine("CombineSchedulers", "combine-schedulers")

let package = Package(
  name: "OneWay",
  platforms: [
    .iOS(.v16),
    .macOS(.v13),
    .tvOS(.v16),
    .watchOS(.v9),
    .visionOS(.v1),
  ],
  products: [
    .library(name: "OneWay", targets: ["OneWay"]),
    .library(name: "OneWayTesting", targets: ["OneWayTesting"]),
    .library(name: "OneWayLogging", targets: ["OneWayLogging"]),
    .library(name: "Swidux", targets: ["Swidux"]),
    .library(name: "OneWayCombine", targets: ["OneWayCombine"]),
    .library(name: "OneWayPersistence", targets: ["OneWayPersistence"]),
    .library(name: "OneWayPostgres", targets: ["OneWayPostgres"]),
    .library(name: "OneWayDevTools", targets: ["OneWayDevTools"]),
    .library(name: "OneWayInspector", targets: ["OneWayInspector"]),
    .library(name: "OneWayCasePaths", targets: ["OneWayCasePaths"]),
    .library(name: "OneWayDependencies", targets: ["OneWayDependencies"]),
  ],
  // A product that needs a heavy package builds its code only under its trait, and each heavy
  // package is referenced only under one: a client that enables none resolves none of them.
  // `swift test --enable-all-traits` builds and tests every product.
  traits: [
    .trait(
      name: "Combine",
      description: "OneWayCombine: OneWay 1.x's Way and the Combine bridges (OpenCombine on Linux)."
    ),
    .trait(
      name: "CasePaths",
      description: "OneWayCasePaths: case key paths for the composition operators and child stores."
    ),
    .trait(
      name: "CasePathsMacro",
      description:
        "OneWayCasePaths with swift-case-paths' @CasePathable macro (builds swift-syntax).",
      enabledTraits: ["CasePaths"]
    ),
    .trait(
      name: "Inspector",
      description: "OneWayInspector: the inspector page's HTTP server (Hummingbird, SwiftNIO)."
    ),
    .trait(
      name: "Postgres",
      description: "OneWayPostgres: a journal in PostgreSQL shared by a fleet (postgres-nio)."
    ),
    .trait(
      name: "Dependencies",
      description:
        "OneWayDependencies: swift-dependencies' @Dependency in reducers, effects and tests."
    ),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    // OneWayCombine: Combine on Apple platforms, OpenCombine elsewhere (its OpenCombineShim).
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    // OneWayCombine's tests: a test scheduler for time-based side ways.
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    // OneWayInspector: the HTTP server of the inspector page.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    // OneWayCasePaths: case key paths (`action: \.counter`) for the composition operators.
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // OneWayPostgres: a journal shared by a fleet of server instances, on PostgreSQL.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    // OneWayDependencies: swift-dependencies, with only the traits it needs (its default ones
    // bring combine-schedulers, and OpenCombine on Linux).
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies",
      from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    .target(name: "OneWay"),
    // The store log through swift-log, kept apart so that OneWay has no dependencies.
    .target(name: "OneWayLogging", dependencies: ["OneWay", logging]),
    .testTarget(name: "OneWayLoggingTests", dependencies: ["OneWay", "OneWayLogging", logging]),
    .target(
      name: "OneWayTesting",
      dependencies: [
        "OneWay",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        // `TestStore.receive` of a case key path.
        .target(name: "OneWayCasePaths", condition: .when(traits: ["CasePaths"])),
        // `TestStore(reducer:state:withDependencies:)`.
        .target(name: "OneWayDependencies", condition: .when(traits: ["Dependencies"])),
        dependencies("Dependencies", "swift-dependencies"),
      ]
    ),
    // swift-dependencies' values captured by every store made where they are in force, and
    // carried into its reduces and effects through the engine's store context.
    .target(
      name: "OneWayDependencies",
      dependencies: [
        "OneWay",
        dependencies("Dependencies", "swift-dependencies"),
        dependencies("IssueReporting", "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "OneWayDependenciesTests",
      dependencies: [
        "OneWay", "OneWayDependencies", "OneWayTesting", clocks, "Swidux", "OneWayCombine",
        dependencies("Dependencies", "swift-dependencies"),
      ]
    ),
    // History, time travel and recordings over the engine's channel of reductions; kept apart
    // so that OneWay has no dependencies and an app that does not use them builds none of it.
    .target(
      name: "OneWayDevTools",
      dependencies: ["OneWay", .product(name: "CustomDump", package: "swift-custom-dump")]
    ),
    .testTarget(
      name: "OneWayDevToolsTests",
      dependencies: [
        "OneWay", "OneWayDevTools", "OneWayTesting", clocks,
        // History for every front door: a way's and a Swidux store's too.
        "OneWayCombine", "Swidux",
      ]
    ),
    // The inspector page: a loopback HTTP server over a store's dev tools.
    .target(
      name: "OneWayInspector",
      dependencies: [
        "OneWayDevTools",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        logging,
        inspector("HTTPTypes", "swift-http-types"),
        inspector("Hummingbird", "hummingbird"),
        inspector("ServiceLifecycle", "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "OneWayInspectorTests",
      dependencies: [
        "OneWay", "OneWayDevTools", "OneWayInspector",
        // Requests are written by hand (LoopbackClient), so that a test can send any Host
        // header; HummingbirdTesting's client would bring an HTTPS client and its TLS library
        // into every build of the tests.
        inspector("HTTPTypes", "swift-http-types"),
      ]
    ),
    // Case key paths for the composition operators and child stores, on swift-case-paths'
    // CasePathsCore; its `@CasePathable` macro, which brings swift-syntax, only under the
    // CasePathsMacro trait, so that a client that declares its case paths by hand (the
    // benchmarks) builds no swift-syntax.
    .target(
      name: "OneWayCasePaths",
      dependencies: [
        "OneWay",
        .product(
          name: "CasePathsCore",
          package: "swift-case-paths",
          condition: .when(traits: ["CasePaths"])
        ),
        .product(
          name: "CasePaths",
          package: "swift-case-paths",
          condition: .when(traits: ["CasePathsMacro"])
        ),
      ]
    ),
    .testTarget(
      name: "OneWayCasePathsTests",
      dependencies: ["OneWay", "OneWayCasePaths", "OneWayTesting", clocks]
    ),
    // Swidux's API (a Redux store with key-path subscriptions) on OneWay's engine.
    .target(name: "Swidux", dependencies: ["OneWay"]),
    // OneWay 1.x's `Way` and `SideWay` on OneWay's engine, and Combine bridges for the stores:
    // Combine on Apple platforms, OpenCombine elsewhere (its OpenCombineShim).
    .target(
      name: "OneWayCombine",
      dependencies: ["OneWay", combine("OpenCombineShim", "OpenCombine")]
    ),
    .testTarget(name: "OneWayCombineTests", dependencies: ["OneWayCombine", schedulers]),
    // OneWay 1.3's README and public API, compiled as 1.3's users wrote them: in Swift 5
    // language mode, with `import OneWay` mapped to `import OneWayCombine`.
    .testTarget(
      name: "OneWay1CompatibilityTests",
      dependencies: ["OneWayCombine", schedulers],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
      name: "OneWayTests",
      dependencies: [
        "OneWay",
        // Misuses fail the test they happen in (I1) through OneWayTesting, as in a user's tests.
        "OneWayTesting",
        clocks,
        // Rule E7 for the stores of the other products, under the same stress harness.
        "Swidux", "OneWayCombine", schedulers,
      ]
    ),
    // The Swift code blocks of README.md and of the DocC articles, one file each, written to
    // Tests/DocSnippetsTests/Generated by `python3 Scripts/snippets.py`; a block that imports
    // a trait's product compiles under that trait.
    .testTarget(
      name: "DocSnippetsTests",
      dependencies: [
        "OneWay", "OneWayTesting", "OneWayLogging", logging, "Swidux", "OneWayCombine",
        "OneWayPersistence", "OneWayPostgres", postgres("PostgresNIO", "postgres-nio"),
        "OneWayDevTools", "OneWayInspector", "OneWayCasePaths", clocks, "OneWayDependencies",
        dependencies("Dependencies", "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "OneWay3CompatibilityTests",
      dependencies: ["OneWay", "OneWayTesting", clocks]
    ),
    // Durable state: coalesced snapshots or a write-ahead journal, fed by the engine's channel
    // of reductions.
    .target(name: "OneWayPersistence", dependencies: ["OneWay"]),
    .testTarget(
      name: "OneWayPersistenceTests",
      dependencies: ["OneWay", "OneWayPersistence", "OneWayCombine", "Swidux", clocks]
    ),
    // A journal in PostgreSQL that several server instances share; kept apart so that
    // OneWayPersistence brings no database client.
    .target(
      name: "OneWayPostgres",
      dependencies: [
        "OneWay", "OneWayPersistence", logging, postgres("PostgresNIO", "postgres-nio"),
      ]
    ),
    // Runs against a real server when DATABASE_URL is set (CI starts one).
    .testTarget(
      name: "OneWayPostgresTests",
      dependencies: [
        "OneWay", "OneWayPersistence", "OneWayPostgres", logging,
        postgres("PostgresNIO", "postgres-nio"),
      ]
    ),
    // A program the crash trials kill with SIGKILL while it persists; not a product.
    .executableTarget(
      name: "PersistenceCrashTrial",
      dependencies: ["OneWay", "OneWayPersistence"]
    ),
    .testTarget(name: "SwiduxTests", dependencies: ["OneWay", "Swidux"]),
    .testTarget(
      name: "OneWayTestingTests",
      dependencies: ["OneWay", "OneWayTesting", clocks]
    ),
  ],
  swiftLanguageModes: [.v6]
)
