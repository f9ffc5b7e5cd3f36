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
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
  ],
  targets: [
    .target(name: "OneWay"),
    .target(
      name: "OneWayTesting",
      dependencies: [
        "OneWay",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .testTarget(
      name: "OneWayTests",
      dependencies: [
        "OneWay",
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
