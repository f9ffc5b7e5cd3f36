// swift-tools-version:6.1
import PackageDescription

// The benchmarks of OneWay, kept out of the library's own package so that the library gains
// no dependency. Run from the repository root:
//   swift package --package-path Benchmarks benchmark
let package = Package(
  name: "OneWayBenchmarks",
  platforms: [
    .macOS(.v14)
  ],
  dependencies: [
    // The case-key-path scenarios declare their case paths by hand: no macro, no swift-syntax.
    .package(name: "OneWay", path: "..", traits: ["Combine", "CasePaths", "Dependencies"]),
    .package(
      url: "https://github.com/ordo-one/benchmark",
      from: "1.38.1",
      traits: ["MallocInterposer"]
    ),
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies",
      from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
  ],
  targets: [
    // The reducer, the hand-written baselines and the fan-out harness, shared by both
    // executables below.
    .target(
      name: "BenchmarkFixtures",
      dependencies: [
        .product(name: "OneWay", package: "OneWay"),
        // Scenario 14's levels embed their child with case key paths.
        .product(name: "OneWayCasePaths", package: "OneWay"),
      ]
    ),
    // The lock-isolated store of scenario 9 (OneWay's `LockedStoreEngine`, reached through
    // the `LockedStores` SPI) and its baseline.
    .target(
      name: "LockedStoreFixtures",
      dependencies: [.product(name: "OneWay", package: "OneWay")]
    ),
    // The package-benchmark suite (the plugin finds it under Benchmarks/).
    .executableTarget(
      name: "OneWayBenchmarks",
      dependencies: [
        "BenchmarkFixtures",
        "LockedStoreFixtures",
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayDevTools", package: "OneWay"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/OneWayBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    // Swidux's store on OneWay's engine: dispatch and subscriber notifications, each next to a
    // baseline of its own.
    .executableTarget(
      name: "SwiduxBenchmarks",
      dependencies: [
        .product(name: "Swidux", package: "OneWay"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/SwiduxBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    // OneWayCombine's `Way` against hand-written baselines (Scripts/report_way.py pairs them).
    .target(
      name: "WayBenchmarkFixtures",
      dependencies: [.product(name: "OneWayCombine", package: "OneWay")]
    ),
    .executableTarget(
      name: "WayBenchmarks",
      dependencies: [
        "WayBenchmarkFixtures",
        .product(name: "OneWayCombine", package: "OneWay"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/WayBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    // The same scenarios in a plain loop, without package-benchmark's malloc interposer, for
    // `valgrind --tool=callgrind` (see Scripts/profile.sh).
    .executableTarget(
      name: "OneWayProfile",
      dependencies: [
        "CallgrindMarks",
        "BenchmarkFixtures",
        "LockedStoreFixtures",
        "WayBenchmarkFixtures",
        "HeapInUse",
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayDevTools", package: "OneWay"),
        .product(name: "OneWayCombine", package: "OneWay"),
        .product(name: "OneWayPersistence", package: "OneWay"),
        .product(name: "Swidux", package: "OneWay"),
      ]
    ),
    // OneWayProfile's sends and round trip, to stores that captured swift-dependencies'
    // values: apart, since every store of a process that links OneWayDependencies takes them.
    .executableTarget(
      name: "DependenciesProfile",
      dependencies: [
        "CallgrindMarks",
        "BenchmarkFixtures",
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayDependencies", package: "OneWay"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // The marks between which a profile's measured iterations run (Scripts/profile.sh).
    .target(name: "CallgrindMarks"),
    // OneWayPersistence against bare baselines in the same run, in plain timed loops:
    //   swift run -c release --package-path Benchmarks PersistenceBenchmarks
    .executableTarget(
      name: "PersistenceBenchmarks",
      dependencies: [
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "OneWayPersistence", package: "OneWay"),
      ],
      path: "Benchmarks/PersistenceBenchmarks"
    ),
    // The heap's bytes in use, for OneWayProfile's idle-memory scenarios (b7-bytes-*).
    .target(
      name: "HeapInUse"
    ),
  ],
  swiftLanguageModes: [.v6]
)
