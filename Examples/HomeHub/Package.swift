// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "HomeHub",
    dependencies: [
        .package(name: "PanelKit", path: "../.."),
    ],
    targets: [
        // The app: `swift run HomeHub` opens the simulator (headless where there is no display);
        // `scripts/build-board BOARD --app .` in PanelKit builds it for a board.
        .executableTarget(
            name: "HomeHub",
            dependencies: [.product(name: "PanelKit", package: "PanelKit")]
        ),
        .testTarget(
            name: "HomeHubTests",
            dependencies: ["HomeHub", .product(name: "PanelTesting", package: "PanelKit")],
            exclude: ["References"]  // its reference images: read by path, not resources
        ),
    ]
)
