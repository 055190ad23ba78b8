/// The modes a binary carries beyond the app itself: `--backend headless`
/// (a trace replayed into the app, frames written as PNG) and `--bench` (the
/// benchmark harness on the app's own window). They are PanelKit's
/// replayer, libpng and bench: a board binary links them only when its app
/// delegate lists them, so an app that does not use them does not carry
/// them. A desktop build carries both whatever the list says (the simulator,
/// tests and `swift run MyApp --backend headless` work for every app):
///
///     @main
///     final class AppDelegate: ApplicationDelegate {
///         static var tools: AppTools { [.headless, .bench] }   // on the board too
///         …
///     }
public struct AppTools: ExpressibleByArrayLiteral {
    // What each mode runs; nil when the binary does not carry it. Closures made
    // only by the static properties below, so nothing reaches a host's code
    // unless the app's own code names the tool.
    let runHeadless: ((AppRuntime) -> Int32)?
    let runBench: ((AppRuntime) -> Int32)?

    init(runHeadless: ((AppRuntime) -> Int32)?, runBench: ((AppRuntime) -> Int32)?) {
        self.runHeadless = runHeadless
        self.runBench = runBench
    }

    /// The tools together.
    public init(arrayLiteral tools: AppTools...) {
        var headless: ((AppRuntime) -> Int32)?
        var bench: ((AppRuntime) -> Int32)?
        for tool in tools {
            headless = headless ?? tool.runHeadless
            bench = bench ?? tool.runBench
        }
        self.init(runHeadless: headless, runBench: bench)
    }

    /// Neither: the app alone on its display (a board binary's default).
    public static var none: AppTools { AppTools(runHeadless: nil, runBench: nil) }
    /// `--backend headless`: `--replay TRACE.evemu`, `--png FILE`, the action log.
    public static var headless: AppTools { AppTools(runHeadless: { HeadlessHost.run($0) }, runBench: nil) }
    /// `--bench`: the app's own frames and traces against the board's budgets.
    public static var bench: AppTools { AppTools(runHeadless: nil, runBench: { BenchHost.run($0) }) }

    /// What an app carries when its delegate does not say: everything on the
    /// desktop, nothing on a board (Embedded Swift).
    public static var standard: AppTools {
        #if hasFeature(Embedded)
            .none
        #else
            [.headless, .bench]
        #endif
    }

    public var hasHeadless: Bool { runHeadless != nil }
    public var hasBench: Bool { runBench != nil }
}
