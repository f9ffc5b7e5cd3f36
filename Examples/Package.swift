// swift-tools-version:6.1
import PackageDescription

// The examples live in their own package so that nobody who depends on OneWay builds them:
// the library's Package.swift does not mention them, and this package reaches the library
// through its parent folder.
let package = Package(
  name: "Examples",
  platforms: [
    .iOS(.v16),
    .macOS(.v13),
    .tvOS(.v16),
    .watchOS(.v9),
    .visionOS(.v1),
  ],
  dependencies: [
    // Named explicitly so that `package: "OneWay"` below resolves whatever the checkout's
    // folder is called (a path dependency's identity is otherwise the folder's name).
    .package(
      name: "OneWay",
      path: "..",
      traits: ["Combine", "CasePathsMacro", "Inspector", "Postgres", "Dependencies"]
    ),
    // Search's word list and Todos' ids and dates, as swift-dependencies' dependencies.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies",
      from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
    // For the Counters tests' test clock.
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    // CounterServer: the HTTP server, its lifecycle, its logs and its database client.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
  ],
  targets: [
    // `--help` and the refusal of unknown options, for every example.
    .target(name: "ExampleArguments"),
    .executableTarget(
      name: "Counter",
      dependencies: ["ExampleArguments", .product(name: "OneWay", package: "OneWay")]
    ),
    .executableTarget(
      name: "Search",
      dependencies: [
        "ExampleArguments",
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayDependencies", package: "OneWay"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      resources: [.copy("Resources/words.txt")]
    ),
    .executableTarget(
      name: "Todos",
      dependencies: [
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayPersistence", package: "OneWay"),
        .product(name: "OneWayDependencies", package: "OneWay"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // Search and Todos tested with their dependencies set: test values, a test clock, dates
    // and ids a test chooses.
    .testTarget(
      name: "DependenciesExamplesTests",
      dependencies: [
        "Search",
        "Todos",
        .product(name: "OneWayTesting", package: "OneWay"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // With --inspect, Counters serves the inspector page (OneWayInspector) once its script has
    // run, and keeps serving.
    // Reducer bodies, case key paths and a store per row: OneWayCasePaths.
    .executableTarget(
      name: "Counters",
      dependencies: [
        "ExampleArguments",
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayDevTools", package: "OneWay"),
        .product(name: "OneWayInspector", package: "OneWay"),
        .product(name: "OneWayCasePaths", package: "OneWay"),
      ]
    ),
    // OneWay 1.x's `Way`: the README's CounterWay and a CustomWay bound to global subjects.
    .executableTarget(
      name: "Ways",
      dependencies: ["ExampleArguments", .product(name: "OneWayCombine", package: "OneWay")]
    ),
    .testTarget(
      name: "CountersTests",
      dependencies: [
        "Counters",
        .product(name: "OneWayTesting", package: "OneWay"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // An HTTP service of counters, each a SharedStore over a journal in PostgreSQL; several
    // instances share the database (Scripts/fleet_test.py runs two).
    .executableTarget(
      name: "CounterServer",
      dependencies: [
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayPersistence", package: "OneWay"),
        .product(name: "OneWayPostgres", package: "OneWay"),
        .product(name: "OneWayLogging", package: "OneWay"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    // A recorded dev-tools session turned into a TestStore test, as a user would paste it:
    // Scripts/recorded_test.sh generates RecordedTallyTests.swift here, next to the feature it
    // was recorded from (a link to the library's test fixture), and runs it.
    .testTarget(
      name: "RecordedTests",
      dependencies: [
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayTesting", package: "OneWay"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // Swidux's README counter, on the Swidux module.
    .executableTarget(
      name: "SwiduxCounter",
      dependencies: ["ExampleArguments", .product(name: "Swidux", package: "OneWay")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
