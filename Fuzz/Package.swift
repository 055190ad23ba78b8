// swift-tools-version: 6.1
import PackageDescription

// The libFuzzer binary: `scripts/fuzz TARGET [SECONDS]` builds it with
// `-sanitize=fuzzer,address` and runs one target (Fuzz/README.md). A package
// of its own, so that the sanitizer flags reach every PanelKit module it
// links, and the main package's ordinary builds never see them.
let package = Package(
    name: "PanelKitFuzz",
    dependencies: [
        .package(name: "PanelKit", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "PanelFuzz",
            dependencies: [.product(name: "PanelFuzzChecks", package: "PanelKit")]
        )
    ]
)
