// Any Embedded Swift module carries the runtime functions it needs (weak
// definitions); this one uses strings and arrays, so it carries the
// reference-counting functions probe.c checks.
public func probeGreeting(_ names: [String]) -> String {
    var text = "hello"
    for name in names { text += ", " + name }
    return text
}
