import PanelJSON

/// What one scene measured.
public struct SceneResult {
    public var name: String
    /// Allocations per measured operation, over all of the scene's measurements.
    public var allocationsPerOperation: Double
    /// On the hot path (input to actions, rule 3): any allocation fails the run.
    public var isHotPath: Bool
    public var figures: [Figure]
    public var notes: [String] = []

    public init(name: String, allocationsPerOperation: Double, isHotPath: Bool, figures: [Figure]) {
        self.name = name
        self.allocationsPerOperation = allocationsPerOperation
        self.isHotPath = isHotPath
        self.figures = figures
    }

    public var allocationFailed: Bool { isHotPath && allocationsPerOperation > 0 }
}

/// A limit from the board file and whether the run kept it.
public struct BudgetCheck {
    public var name: String
    public var unit: String
    public var limit: Double
    public var value: Double
    public var passed: Bool { value <= limit }

    public init(name: String, unit: String, limit: Double, value: Double) {
        self.name = name
        self.unit = unit
        self.limit = limit
        self.value = value
    }
}

/// The whole run: machine, board, build mode, baselines, scenes, budgets.
public struct BenchReport {
    public var machine: String
    public var board: String
    public var buildMode: String
    public var iterationsMode: String
    public var baselines: [Figure] = []
    public var scenes: [SceneResult] = []
    public var budgets: [BudgetCheck] = []

    public init(machine: String, board: String, buildMode: String, iterationsMode: String) {
        self.machine = machine
        self.board = board
        self.buildMode = buildMode
        self.iterationsMode = iterationsMode
    }

    /// True when no hot path allocated and every budget held: the exit status.
    public var passed: Bool {
        for i in 0..<scenes.count where scenes[i].allocationFailed { return false }
        for i in 0..<budgets.count where !budgets[i].passed { return false }
        return true
    }

    // MARK: JSON

    public func json() -> String {
        var out = "{\n"
        out += "  \"machine\": " + quoted(machine) + ",\n"
        out += "  \"board\": " + quoted(board) + ",\n"
        out += "  \"buildMode\": " + quoted(buildMode) + ",\n"
        out += "  \"iterations\": " + quoted(iterationsMode) + ",\n"
        out += "  \"passed\": " + (passed ? "true" : "false") + ",\n"
        out += "  \"baselines\": [\n"
        for i in 0..<baselines.count {
            out += "    " + figureJSON(baselines[i]) + (i + 1 < baselines.count ? ",\n" : "\n")
        }
        out += "  ],\n  \"scenes\": [\n"
        for i in 0..<scenes.count {
            let scene = scenes[i]
            out += "    {\"name\": " + quoted(scene.name)
            out += ", \"allocationsPerOperation\": " + number(scene.allocationsPerOperation)
            out += ", \"hotPath\": " + (scene.isHotPath ? "true" : "false")
            out += ", \"allocationFailure\": " + (scene.allocationFailed ? "true" : "false")
            out += ",\n     \"figures\": [\n"
            for j in 0..<scene.figures.count {
                out += "       " + figureJSON(scene.figures[j]) + (j + 1 < scene.figures.count ? ",\n" : "\n")
            }
            out += "     ]}" + (i + 1 < scenes.count ? ",\n" : "\n")
        }
        out += "  ],\n  \"budgets\": [\n"
        for i in 0..<budgets.count {
            let b = budgets[i]
            out +=
                "    {\"name\": " + quoted(b.name) + ", \"unit\": " + quoted(b.unit) + ", \"limit\": " + number(b.limit)
                + ", \"value\": " + number(b.value) + ", \"passed\": " + (b.passed ? "true" : "false") + "}"
                + (i + 1 < budgets.count ? ",\n" : "\n")
        }
        out += "  ]\n}\n"
        return out
    }

    func figureJSON(_ f: Figure) -> String {
        var out =
            "{\"name\": " + quoted(f.name) + ", \"unit\": " + quoted(f.unit) + ", \"median\": " + number(f.median)
            + ", \"p99\": " + number(f.p99) + ", \"min\": " + number(f.min) + ", \"max\": " + number(f.max)
            + ", \"samples\": " + String(f.samples)
        if let ratio = f.ratio, let of = f.ratioOf {
            out += ", \"ratio\": " + number(ratio) + ", \"ratioOf\": " + quoted(of)
        }
        out += ", \"goals\": ["
        for i in 0..<f.goals.count {
            let g = f.goals[i]
            out +=
                (i > 0 ? ", " : "") + "{\"goal\": " + quoted(g.statement) + ", \"limit\": " + number(g.limit)
                + ", \"met\": " + (g.isMet(by: f) ? "true" : "false")
                + (g.unit.flatMap { unit in
                    g.inUnits(f).map { ", \"in\": " + number($0) + ", \"unit\": " + quoted(unit.name) }
                } ?? "")
                + (g.floor.map { ", \"floor\": " + number($0) } ?? "") + "}"
        }
        return out + "]}"
    }

    // MARK: Table

    /// The readable table; `color` adds ANSI red to failures.
    public func table(color: Bool) -> String {
        let red = color ? "\u{1B}[31;1m" : ""
        let plain = color ? "\u{1B}[0m" : ""
        var out =
            "PanelKit bench: " + board + ", " + buildMode + " build, " + iterationsMode + " run\n" + machine + "\n\n"
        out += pad("baseline", 40) + pad("median", 12) + pad("p99", 12) + "\n"
        for i in 0..<baselines.count {
            out +=
                pad(baselines[i].name, 40) + pad(format(baselines[i].median, baselines[i].unit), 12)
                + pad(format(baselines[i].p99, baselines[i].unit), 12) + "\n"
        }
        for i in 0..<scenes.count {
            let scene = scenes[i]
            var allocation = "allocations/op " + number(scene.allocationsPerOperation)
            if scene.allocationFailed { allocation = red + allocation + " ALLOCATES ON THE HOT PATH" + plain }
            out += "\n" + scene.name + "  (" + allocation + ")\n"
            for j in 0..<scene.figures.count {
                let f = scene.figures[j]
                out += "  " + pad(f.name, 38) + pad(format(f.median, f.unit), 12) + pad(format(f.p99, f.unit), 12)
                if let ratio = f.ratio, let of = f.ratioOf { out += "× " + number(ratio) + " of " + of }
                out += "\n"
                for g in f.goals {
                    let verdict = g.isMet(by: f) ? "met" : red + "MISSED" + plain
                    out +=
                        "    goal " + g.statement + ": median at most " + format(g.limit, f.unit) + " in this run, "
                        + verdict
                    if let value = g.inUnits(f), let unit = g.unit {
                        out += "; the frame is " + number((value * 10).rounded() / 10) + " " + unit.name
                        if let floor = g.floor {
                            out +=
                                ", its pixels' floor " + number((floor * 10).rounded() / 10)
                                + " (each presented pixel written, then copied out)"
                        }
                    }
                    out += "\n"
                }
            }
            for j in 0..<scene.notes.count { out += "  note: " + scene.notes[j] + "\n" }
        }
        out += "\nbudgets (" + board + ")\n"
        if budgets.isEmpty { out += "  none: give --board NAME to check a board's budgets\n" }
        for i in 0..<budgets.count {
            let b = budgets[i]
            let verdict = b.passed ? "pass" : red + "FAIL" + plain
            out +=
                "  " + pad(b.name, 38) + pad(format(b.value, b.unit), 12) + "limit " + format(b.limit, b.unit) + "  "
                + verdict + "\n"
        }
        let goals = goalCount
        if goals.set > 0 {
            out +=
                "\ngoals: " + String(goals.met) + " of " + String(goals.set) + " met"
                + (goals.met < goals.set
                    ? " (a missed goal is reported, not failed: timings vary by machine and load)" : "") + "\n"
        }
        out += "\n" + (passed ? "PASS" : red + "FAIL" + plain) + "\n"
        return out
    }
}

func pad(_ text: String, _ width: Int) -> String {
    var out = text
    var count = 0
    for _ in text.unicodeScalars { count += 1 }
    while count < width {
        out += " "
        count += 1
    }
    return out + " "
}

/// A number for JSON and tables: up to three decimals, no trailing zeros.
func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let negative = value < 0
    let scaled = (value.magnitude * 1000).rounded()
    guard scaled < 1e15 else { return describeNumber(value) }
    // Int64, not Int: Int is 32 bits on armv7 boards (nanosecond figures × 1000 exceed it).
    let whole = Int64(scaled) / 1000
    let fraction = Int64(scaled) % 1000
    var text = (negative ? "-" : "") + String(whole)
    if fraction != 0 {
        var digits = String(fraction)
        while digits.utf8.count < 3 { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        text += "." + digits
    }
    return text
}

/// `1234 ns` → "1.23 µs"; other units as they are.
func format(_ value: Double, _ unit: String) -> String {
    if unit == "ns" {
        if value >= 1e6 { return number((value / 1e4).rounded() / 100) + " ms" }
        if value >= 1e3 { return number((value / 10).rounded() / 100) + " µs" }
        return number((value * 10).rounded() / 10) + " ns"
    }
    return number(value) + (unit.isEmpty ? "" : " " + unit)
}

func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default:
            if scalar.value < 0x20 { out += " " } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}
