// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "__NAME__",
    dependencies: [
        __PANELKIT_DEPENDENCY__,
    ],
    targets: [
        // The app: `swift run __NAME__` opens the simulator (headless where there is no display);
        // `scripts/build-board BOARD --app .` in PanelKit builds it for a board.
        .executableTarget(
            name: "__NAME__",
            dependencies: [.product(name: "PanelKit", package: "PanelKit")]
        ),
        .testTarget(
            name: "__NAME__Tests",
            dependencies: ["__NAME__", .product(name: "PanelTesting", package: "PanelKit")]
        ),
    ]
)
