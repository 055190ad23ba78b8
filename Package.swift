// swift-tools-version: 6.1
import PackageDescription

// `PANELKIT_EMBEDDED=1 swift build -c release --target PanelUI` builds the
// Foundation-free modules as Embedded Swift: the check that boards without a
// Swift runtime keep working (scripts/embedded-check).
// Off Embedded, each file must import the module of every member it uses
// (MemberImportVisibility), as Embedded Swift requires across modules: a
// missing import fails `swift build`, not only the slower Embedded check.
let embedded = Context.environment["PANELKIT_EMBEDDED"] != nil
let embeddedSettings: [SwiftSetting] = embedded
    ? [.enableExperimentalFeature("Embedded"), .unsafeFlags(["-wmo"])]
    : [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "PanelKit",
    products: [
        // What an app depends on: `.product(name: "PanelKit", package: "PanelKit")`, then
        // `import PanelKit` (the runtime; it re-exports the core). Views and controls,
        // text, boards, and the DRM/evdev, SDL simulator and headless backends.
        .library(name: "PanelKit", targets: [
            "PanelUI", "PanelKit", "PanelText", "PanelBoards", "PanelKeys", "PanelImage", "PanelLinux", "PanelReplay", "PanelTrace", "PanelLog", "PanelScenes",
            "PanelJSON", "PanelSimulator", "PanelSDL", "PanelSettings",
        ]),
        .library(name: "PanelTesting", targets: ["PanelTesting"]),
        // The fuzz targets' checks, shared by the libFuzzer binaries (Fuzz/, scripts/fuzz) and PanelFuzzTests.
        .library(name: "PanelFuzzChecks", targets: ["PanelFuzzChecks"]),
        .executable(name: "panel", targets: ["panel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, through pkg-config; `providers` names the Debian package.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Text shaping (GSUB, GPOS, every script) and the Unicode Bidirectional Algorithm.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // Line breaking: UAX #14 (libunibreak), and Thai words from libthai's dictionary.
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        .systemLibrary(name: "CThai", pkgConfig: "libthai", providers: [.apt(["libthai-dev", "libthai-data"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CSDL"),   // libsdl2-dev, installed by scripts/setup; see Sources/CSDL/shim.h
        // Key codes to characters through the board's keyboard layout (xkb-data holds the layouts).
        // Settings that survive power cuts (PanelSettings): SQLite, Debian's libsqlite3-dev.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev", "xkb-data"])]),
        // POSIX and Linux headers, with non-variadic wrappers for what Swift cannot import.
        .target(name: "CLinux"),

        // The core: no Foundation, builds as Embedded Swift.
        // libm: rounding and trigonometry (the Swift runtime links it for Foundation programs, not for apps).
        .target(name: "PanelUI", swiftSettings: embeddedSettings, linkerSettings: [.linkedLibrary("m")]),
        // JSON with line numbers, for scene files and board files; Foundation-free.
        .target(name: "PanelJSON", dependencies: ["CLinux"], swiftSettings: embeddedSettings),
        // evemu traces: the recordings replays and tests feed in.
        .target(name: "PanelTrace", dependencies: ["PanelUI", "PanelJSON", "PanelLog", "CLinux"], swiftSettings: embeddedSettings),
        // The action log: one JSON object per line for each touch, message, gesture and action.
        .target(name: "PanelLog", dependencies: ["PanelUI", "CLinux"], swiftSettings: embeddedSettings),
        // Scene files (assets/scenes/*.json): windows of views and recognizers that log what they receive.
        .target(name: "PanelScenes", dependencies: ["PanelUI", "PanelJSON", "PanelLog"], swiftSettings: embeddedSettings),
        // The replayer: a trace into an application, headless, on a manual clock.
        .target(name: "PanelReplay", dependencies: ["PanelUI", "PanelJSON", "PanelTrace", "PanelLog", "PanelScenes"],
                swiftSettings: embeddedSettings),
        // Board files (boards/NAME.json): display, touch, CPU and budgets, checked.
        .target(name: "PanelBoards", dependencies: ["PanelUI", "PanelJSON"], swiftSettings: embeddedSettings),
        // An app's settings (UserDefaults on SQLite: WAL, synchronous=FULL), controls bound to keys.
        .target(name: "PanelSettings", dependencies: ["PanelUI", "CSQLite", "CLinux"], swiftSettings: embeddedSettings),
        // In-memory framebuffer written out as PNG through libpng.
        .target(name: "PanelImage", dependencies: ["PanelUI", "CPNG", "CJPEG", "CLinux"], swiftSettings: embeddedSettings),
        // Text through FreeType: faces, the glyph cache and layout; the core's TextRendering driver.
        .target(name: "PanelText", dependencies: ["PanelUI", "PanelJSON", "CFreeType", "CHarfBuzz", "CFriBidi", "CUnibreak", "CThai", "CLinux"], swiftSettings: embeddedSettings),

        // The app runtime (UIApplicationMain): the app delegate, the standard options, and one host
        // per backend: DRM/evdev, the SDL simulator (not in Embedded builds: a board links no SDL), headless.
        .target(name: "PanelKit",
                dependencies: ["PanelUI", "PanelJSON", "PanelReplay", "PanelBoards", "PanelKeys", "PanelImage", "PanelText", "PanelLinux",
                               "PanelBench", "PanelLog", "PanelTrace", "PanelSettings", "CLinux"]
                    + (embedded ? [] : ["PanelSimulator", "PanelSDL"]),
                swiftSettings: embeddedSettings),

        // The demo app: four screens of controls and a scripted touch session for headless runs.
        .target(name: "PanelDemo", dependencies: ["PanelUI", "PanelKit", "PanelSettings", "PanelJSON", "PanelReplay", "PanelBoards", "PanelLinux", "PanelImage", "PanelLog", "PanelScenes", "CLinux"], swiftSettings: embeddedSettings),
        // The demo's board binaries, panel-demo and the bench harness panel-bench (each its own
        // `@_cdecl("main")`): scripts/build-board compiles them as Embedded Swift with the board file
        // compiled in. Targets here so that `swift build` and the Embedded check compile them too; no
        // product links them.
        .target(name: "PanelBoardApp",
                dependencies: ["PanelKit", "PanelDemo", "PanelBoards", "PanelJSON", "PanelUI"],
                swiftSettings: embeddedSettings),
        .target(name: "PanelBoardBench",
                dependencies: ["PanelKit", "PanelDemo", "PanelBench", "PanelBoards", "PanelJSON", "PanelReplay", "PanelTrace", "CLinux"],
                swiftSettings: embeddedSettings),
        // The benchmark harness: scenes timed against baselines of the same run, allocations counted.
        .target(name: "PanelBench",
                dependencies: ["PanelUI", "PanelJSON", "PanelBoards", "PanelReplay", "PanelImage", "PanelText", "PanelLog", "PanelScenes", "PanelTrace",
                               "CLinux", "CAllocationCounter"],
                swiftSettings: embeddedSettings),
        // Hardware keys: the board's XKB keymap (libxkbcommon) and each keyboard's state, evdev key codes to presses.
        .target(name: "PanelKeys", dependencies: ["PanelUI", "PanelJSON", "CXKBCommon"], swiftSettings: embeddedSettings),
        // Linux drivers: epoll run loop, evdev touch input (libevdev), DRM/KMS display (libdrm).
        .target(name: "PanelLinux", dependencies: ["PanelUI", "PanelKeys", "CDRM", "CEvdev", "CLinux"], swiftSettings: embeddedSettings),

        // The desktop simulator without SDL: the virtual touch panel, mouse to protocol B events, the
        // window/panel geometry, the evemu recorder and the slow-motion clock (testable headless).
        .target(name: "PanelSimulator", dependencies: ["PanelUI", "PanelLog", "PanelTrace", "CLinux"]),
        // The simulator's SDL2 window: presents the panel's framebuffer, turns mouse and keys into simulator input.
        .target(name: "PanelSDL", dependencies: ["PanelUI", "PanelSimulator", "CSDL"]),

        .executableTarget(
            name: "panel",
            dependencies: [
                "PanelUI", "PanelReplay", "PanelImage", "PanelText", "PanelDemo", "PanelLinux",
                "PanelSimulator", "PanelSDL", "PanelBoards", "PanelBench", "PanelKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // A malloc interposer that counts every allocation of the calling thread: PanelTesting's
        // allocation checks and PanelBench's, which every app links for `--bench` (each malloc
        // costs a forwarding call and a thread-local increment).
        .target(name: "CAllocationCounter"),
        .target(name: "PanelTesting", dependencies: ["PanelUI", "PanelSettings", "PanelReplay", "PanelImage", "PanelKit", "PanelText", "PanelBoards", "PanelJSON", "PanelLog", "PanelScenes", "PanelTrace", "CAllocationCounter"]),
        // What each fuzz target checks on one input (docs in Fuzz/README.md); no C allocator tricks, so it links with ASan and libFuzzer.
        .target(name: "PanelFuzzChecks", dependencies: ["PanelUI", "PanelJSON", "PanelReplay", "PanelBoards", "PanelImage", "PanelLog", "PanelScenes", "PanelTrace"]),
        // Every saved fuzz input (Fuzz/Regressions, Fuzz/Corpus) through the same checks, in the ordinary suite.
        .testTarget(name: "PanelFuzzTests", dependencies: ["PanelFuzzChecks", "PanelTesting"]),
        // PanelTesting's AppTester driving the demo app, as an app's UI tests do.
        .testTarget(name: "PanelTestingTests", dependencies: ["PanelTesting", "PanelKit", "PanelBoards", "PanelDemo", "PanelUI", "PanelImage", "PanelTrace", "PanelLog", "CLinux", "CEvdev", "PanelKeys", "PanelLinux", "panel"]),

        .testTarget(name: "PanelUITests", dependencies: ["PanelUI", "PanelImage", "PanelTesting"]),
        .testTarget(name: "PanelReplayTests", dependencies: ["PanelUI", "PanelReplay", "PanelTesting", "PanelImage", "PanelJSON", "PanelLog", "PanelScenes", "PanelTrace", "panel"]),
        .testTarget(name: "PanelBenchTests", dependencies: ["PanelUI", "PanelBench", "PanelBoards", "PanelTesting", "PanelTrace", "panel"]),
        .testTarget(name: "PanelBoardsTests", dependencies: ["PanelUI", "PanelJSON", "PanelBoards", "PanelKeys", "PanelKit", "PanelText", "PanelSimulator", "PanelTesting", "PanelLog", "PanelTrace", "panel"]),
        // Controls and text drawn headless, compared with reference PNGs in Tests/Golden.
        .testTarget(name: "GoldenImageTests", dependencies: ["PanelUI", "PanelText", "PanelImage", "PanelDemo", "PanelReplay", "PanelTesting", "panel"]),
        .testTarget(name: "PanelSimulatorTests", dependencies: ["PanelUI", "PanelSimulator", "PanelTesting", "PanelLog", "PanelTrace"]),
        .testTarget(name: "PanelSettingsTests", dependencies: ["PanelSettings", "PanelUI", "PanelKit", "PanelDemo", "PanelTesting"]),
        .testTarget(name: "PanelLinuxTests", dependencies: ["PanelUI", "PanelLinux", "PanelTesting", "PanelKeys"]),
        .testTarget(name: "PanelKeysTests", dependencies: ["PanelUI", "PanelKeys", "PanelBoards", "PanelJSON", "PanelSimulator", "PanelTesting"]),
        .testTarget(name: "PanelTextTests", dependencies: ["PanelUI", "PanelText", "PanelImage", "PanelTesting"]),
        .testTarget(
            name: "PanelImageTests",
            dependencies: ["PanelUI", "PanelImage", "PanelKit", "PanelTesting", "CDRM", "CEvdev", "CFreeType", "CPNG", "CJPEG"],
            exclude: ["Images"]  // fixtures the tests read by path
        ),
    ]
)
