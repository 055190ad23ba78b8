// Everyday Swift patterns and the allocations one call of each makes, in the
// build this file was compiled in. `scripts/allocation-patterns` compiles it
// twice, -Onone (what `swift build` and `swift test` give an app) and -O
// (`-c release`, and every board build), with PanelKit's malloc interposer,
// and prints the table docs/memory.md quotes.

@_silgen_name("panelkit_allocations_on_this_thread")
func allocationsOnThisThread() -> UInt64

struct Reading {
    var id: Int
    var value: Double
    var label: String
}

final class Sink {
    var total = 0
    var text = ""
}

@inline(never) func opaque<T>(_ value: T) -> T { value }

let readings: [Reading] = (0..<8).map { Reading(id: $0, value: Double($0) / 2, label: "sensor " + String($0)) }
let points: [(Double, Double)] = (0..<8).map { (Double($0), Double($0) * 2) }
let names: [String] = ["Living room", "Kitchen", "Bedroom", "Bathroom", "Garage", "Office", "Hall", "Garden"]
let sink = Sink()

@inline(never) func forInStructs() {
    for reading in readings { sink.total &+= reading.id }
}
@inline(never) func forInTuples() {
    for point in points { sink.total &+= Int(point.0) }
}
@inline(never) func whileIndex() {
    var i = 0
    while i < readings.count {
        sink.total &+= readings[i].id
        i += 1
    }
}
@inline(never) func forInIndices() {
    for i in 0..<readings.count { sink.total &+= readings[i].id }
}
@inline(never) func stringContains() {
    let query = opaque("room")
    for i in 0..<names.count where names[i].contains(query) { sink.total &+= 1 }
}
@inline(never) func stringContainsOne() {
    if opaque("Living room").contains(opaque("room")) { sink.total &+= 1 }
}
/// The replacement: a byte search on the UTF-8 of both (exact, case-sensitive).
@inline(never) func containsBytes(_ text: String, _ query: String) -> Bool {
    let t = text.utf8
    let q = query.utf8
    if q.isEmpty { return true }
    guard t.count >= q.count else { return false }
    var start = t.startIndex
    let last = t.index(t.endIndex, offsetBy: -q.count)
    while true {
        var a = start
        var b = q.startIndex
        while b != q.endIndex && t[a] == q[b] {
            t.formIndex(after: &a)
            q.formIndex(after: &b)
        }
        if b == q.endIndex { return true }
        if start == last { return false }
        t.formIndex(after: &start)
    }
}
@inline(never) func utf8Search() {
    let query = opaque("room")
    var i = 0
    while i < names.count {
        if containsBytes(names[i], query) { sink.total &+= 1 }
        i += 1
    }
}
@inline(never) func containsWhere() {
    let wanted = opaque(5)
    if readings.contains(where: { $0.id == wanted }) { sink.total &+= 1 }
}
@inline(never) func escapingClosure() {
    let offset = opaque(3)
    let add: () -> Int = { offset + sink.total }
    store(add)
}
var stored: (() -> Int)? = nil
@inline(never) func store(_ f: @escaping () -> Int) { stored = f }
@inline(never) func nonEscapingClosure() {
    let offset = opaque(3)
    sink.total = apply { offset + 1 }
}
@inline(never) func apply(_ f: () -> Int) -> Int { f() }
@inline(never) func interpolationShort() {
    let n = opaque(42)
    sink.text = "Apt \(n)"
}
@inline(never) func interpolationLong() {
    let n = opaque(42)
    sink.text = "Temperature in the living room: \(n)"
}
@inline(never) func stringOfInt() {
    sink.text = String(opaque(12345))
}
@inline(never) func concatenationShort() {
    sink.text = "Apt " + String(opaque(7)) + "." + String(opaque(5))
}
@inline(never) func concatenationLong() {
    sink.text = "Temperature in the living room: " + String(opaque(21))
}
@inline(never) func arrayLiteral() {
    let values = [opaque(1), 2, 3]
    sink.total &+= values[0]
}
@inline(never) func indexWhere() {
    let wanted = opaque(5)
    var i = 0
    while i < readings.count && readings[i].id != wanted { i += 1 }
    if i < readings.count { sink.total &+= 1 }
}
var storedValues = [1, 2, 3]
@inline(never) func storedArray() {
    storedValues[0] = opaque(1)
    sink.total &+= storedValues[0]
}
@inline(never) func firstByIndex() {
    sink.total &+= readings.isEmpty ? 0 : readings[0].id
}
@inline(never) func optionalChaining() {
    sink.total &+= readings.first?.id ?? 0
}

var results: [(String, UInt64)] = []
results.reserveCapacity(32)
/// Runs `body` twice to warm up (metadata and caches made once), then once counted.
func measure(_ name: String, _ body: () -> Void) {
    body()
    body()
    let before = allocationsOnThisThread()
    body()
    let after = allocationsOnThisThread()
    results.append((name, after - before))
}

measure("for reading in readings (8 structs with a String)", forInStructs)
measure("for point in points (8 tuples of Double)", forInTuples)
measure("while i < readings.count { readings[i] }", whileIndex)
measure("for i in 0..<readings.count { readings[i] }", forInIndices)
measure("names[i].contains(query), 8 names", stringContains)
measure("\"Living room\".contains(\"room\"), once", stringContainsOne)
measure("containsBytes(names[i], query) (UTF-8 bytes), 8 names", utf8Search)
measure("readings.contains(where: { $0.id == wanted })", containsWhere)
measure("an escaping closure capturing a local, stored", escapingClosure)
measure("a non-escaping closure capturing a local", nonEscapingClosure)
measure("\"Apt \\(n)\" (short)", interpolationShort)
measure("\"Temperature in the living room: \\(n)\" (long)", interpolationLong)
measure("String(12345)", stringOfInt)
measure("\"Apt \" + String(7) + \".\" + String(5)", concatenationShort)
measure("\"Temperature in the living room: \" + String(21)", concatenationLong)
measure("[a, 2, 3] (an array literal)", arrayLiteral)
measure("readings.first?.id", optionalChaining)
measure("while i < readings.count && readings[i].id != wanted", indexWhere)
measure("storedValues[0] = a (a stored array, reused)", storedArray)
measure("readings.isEmpty ? 0 : readings[0].id", firstByIndex)

#if DEBUG
    let mode = "-Onone"
#else
    let mode = "optimised"
#endif
// Printed after every measurement: the first print sets up standard output's buffer.
var k = 0
while k < results.count {
    print("\(mode)\t\(results[k].1)\t\(results[k].0)")
    k += 1
}
