// panel-fuzz TARGET [libFuzzer options and corpus folders]
//
// Runs one of PanelFuzzChecks' targets under libFuzzer. The program's own
// main hands the remaining arguments to LLVMFuzzerRunDriver (libFuzzer's
// entry for programs that keep their main): SwiftPM renames an executable's
// entry point, so libFuzzer's own main could not be linked in its place.
import Glibc
import PanelFuzzChecks

// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer's C entry point, by its own name.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// One line to standard error (`stderr` is a global var Swift 6 mode refuses).
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// The target this process fuzzes (a C callback cannot capture it).
nonisolated(unsafe) var selected = FuzzTarget.evemu

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    printError("usage: PanelFuzz TARGET [libFuzzer options] [corpus folders]; TARGET is one of: \(names)")
    exit(2)
}
selected = target

// libFuzzer sees the program name and everything after TARGET.
var argc = CommandLine.argc - 1
var argv = CommandLine.unsafeArgv
argv[1] = argv[0]
var shifted = argv + 1
exit(
    LLVMFuzzerRunDriver(&argc, &shifted) { data, size in
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        do throws(FuzzViolation) {
            try selected.check(bytes)
        } catch {
            // An invariant broke: crash, so libFuzzer saves the input.
            printError("PanelFuzz \(selected.rawValue): invariant broken: \(error.message)")
            abort()
        }
        return 0
    })
