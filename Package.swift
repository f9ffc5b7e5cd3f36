// swift-tools-version:6.0
import PackageDescription

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
    .library(name: "OneWayCasePathsCore", targets: ["OneWayCasePathsCore"]),
    .library(name: "OneWayCasePathsTesting", targets: ["OneWayCasePathsTesting"]),
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
  ],
  targets: [
    .target(name: "OneWay"),
    // The store log through swift-log, kept apart so that OneWay has no dependencies.
    .target(
      name: "OneWayLogging",
      dependencies: [
        "OneWay",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "OneWayLoggingTests",
      dependencies: [
        "OneWay",
        "OneWayLogging",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "OneWayTesting",
      dependencies: [
        "OneWay",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    // History, time travel and recordings over the engine's channel of reductions; kept apart
    // so that OneWay has no dependencies and an app that does not use them builds none of it.
    .target(
      name: "OneWayDevTools",
      dependencies: [
        "OneWay",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .testTarget(
      name: "OneWayDevToolsTests",
      dependencies: [
        "OneWay",
        "OneWayDevTools",
        "OneWayTesting",
        // History for every front door: a way's and a Swidux store's too.
        "OneWayCombine",
        "Swidux",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // The inspector page: a loopback HTTP server over a store's dev tools. Kept apart so that
    // neither OneWay nor OneWayDevTools builds an HTTP server.
    .target(
      name: "OneWayInspector",
      dependencies: [
        "OneWayDevTools",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "OneWayInspectorTests",
      dependencies: [
        "OneWay",
        "OneWayDevTools",
        "OneWayInspector",
        // Requests are written by hand (LoopbackClient), so that a test can send any Host
        // header; HummingbirdTesting's client would bring an HTTPS client and its TLS library
        // into every build of the tests.
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    // Case key paths for the composition operators and child stores, kept apart so that
    // OneWay has no dependencies: OneWayCasePathsCore has the operators, on CasePathsCore;
    // OneWayCasePaths adds swift-case-paths' `@CasePathable` macro, which brings swift-syntax
    // (minutes of build, in release more). A client that declares its case paths by hand (the
    // benchmarks) builds no swift-syntax with the core alone.
    .target(
      name: "OneWayCasePathsCore",
      dependencies: [
        "OneWay",
        .product(name: "CasePathsCore", package: "swift-case-paths"),
      ]
    ),
    .target(
      name: "OneWayCasePaths",
      dependencies: [
        "OneWayCasePathsCore",
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
    // `TestStore.receive` of a case key path.
    .target(
      name: "OneWayCasePathsTesting",
      dependencies: ["OneWayCasePathsCore", "OneWayTesting"]
    ),
    .testTarget(
      name: "OneWayCasePathsTests",
      dependencies: [
        "OneWay",
        "OneWayCasePaths",
        "OneWayTesting",
        "OneWayCasePathsTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // Swidux's API (a Redux store with key-path subscriptions) on OneWay's engine.
    .target(name: "Swidux", dependencies: ["OneWay"]),
    // OneWay 1.x's `Way` and `SideWay` on OneWay's engine, and Combine bridges for the stores.
    .target(
      name: "OneWayCombine",
      dependencies: [
        "OneWay",
        .product(name: "OpenCombineShim", package: "OpenCombine"),
      ]
    ),
    .testTarget(
      name: "OneWayCombineTests",
      dependencies: [
        "OneWayCombine",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
      ]
    ),
    // OneWay 1.3's README and public API, compiled as 1.3's users wrote them: in Swift 5
    // language mode, with `import OneWay` mapped to `import OneWayCombine`.
    .testTarget(
      name: "OneWay1CompatibilityTests",
      dependencies: [
        "OneWayCombine",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
      name: "OneWayTests",
      dependencies: [
        "OneWay",
        // Misuses fail the test they happen in (I1) through OneWayTesting, as in a user's tests.
        "OneWayTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        // Rule E7 for the stores of the other products, under the same stress harness.
        "Swidux",
        "OneWayCombine",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
      ]
    ),
    // The Swift code blocks of README.md and of the DocC articles, one file each, written to
    // Tests/DocSnippetsTests/Generated by `python3 Scripts/snippets.py`.
    .testTarget(
      name: "DocSnippetsTests",
      dependencies: [
        "OneWay",
        "OneWayTesting",
        "OneWayLogging",
        .product(name: "Logging", package: "swift-log"),
        "Swidux",
        "OneWayCombine",
        "OneWayPersistence",
        "OneWayPostgres",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        "OneWayDevTools",
        "OneWayInspector",
        "OneWayCasePaths",
        "OneWayCasePathsTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "OneWay3CompatibilityTests",
      dependencies: [
        "OneWay",
        "OneWayTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // Durable state: coalesced snapshots or a write-ahead journal, fed by the engine's channel
    // of reductions.
    .target(name: "OneWayPersistence", dependencies: ["OneWay"]),
    .testTarget(
      name: "OneWayPersistenceTests",
      dependencies: [
        "OneWay",
        "OneWayPersistence",
        "OneWayCombine",
        "Swidux",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // A journal in PostgreSQL that several server instances share; kept apart so that
    // OneWayPersistence brings no database client.
    .target(
      name: "OneWayPostgres",
      dependencies: [
        "OneWay",
        "OneWayPersistence",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Runs against a real server when DATABASE_URL is set (CI starts one).
    .testTarget(
      name: "OneWayPostgresTests",
      dependencies: [
        "OneWay",
        "OneWayPersistence",
        "OneWayPostgres",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
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
      dependencies: [
        "OneWay",
        "OneWayTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// CI's sanitizer build leaves out the PostgreSQL client and the documentation's snippets: their
// SSL and database stack would double a sanitizer build, the PostgreSQL suite needs a server
// (the debug run has one), and the snippets call the API whose suites run under the sanitizer.
if Context.environment["ONEWAY_ENGINE_TESTS_ONLY"] != nil {
  let servers: Set<String> = [
    "OneWayPostgres", "OneWayPostgresTests", "DocSnippetsTests",
  ]
  package.targets.removeAll { servers.contains($0.name) }
  package.products.removeAll { servers.contains($0.name) }
}
