// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PhotoFrame",
    dependencies: [
        .package(name: "PanelKit", path: "../.."),
    ],
    targets: [
        // The app: `swift run PhotoFrame` opens the simulator (headless where there is no display);
        // `scripts/build-board BOARD --app .` in PanelKit builds it for a board. Its photos are in
        // Resources/photos, found by AppResources.path() (build-board copies Resources/ beside the binary).
        .executableTarget(
            name: "PhotoFrame",
            dependencies: [.product(name: "PanelKit", package: "PanelKit")]
        ),
        // UI tests on PanelKit's testing product; References/ holds the snapshot images.
        .testTarget(
            name: "PhotoFrameTests",
            dependencies: ["PhotoFrame", .product(name: "PanelTesting", package: "PanelKit")],
            exclude: ["References"]
        ),
    ]
)
