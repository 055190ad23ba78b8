// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Thermostat",
    dependencies: [
        .package(name: "PanelKit", path: "../.."),
    ],
    targets: [
        // The app: `swift run Thermostat` opens the simulator (headless where there is no display);
        // `scripts/build-board BOARD --app .` in PanelKit builds it for a board.
        .executableTarget(
            name: "Thermostat",
            dependencies: [.product(name: "PanelKit", package: "PanelKit")]
        ),
        .testTarget(
            name: "ThermostatTests",
            dependencies: ["Thermostat", .product(name: "PanelTesting", package: "PanelKit")],
            exclude: ["References"]  // its reference images: read by path, not resources
        ),
    ]
)
