extension BenchReport {
    /// An SVG chart: one bar per timing figure on a logarithmic scale (median
    /// as the bar, p99 as a tick), grouped by scene; a scene that allocates on
    /// the hot path is drawn red; ratios are written beside their bars.
    public func svg() -> String {
        var rows: [(label: String, figure: Figure?, scene: SceneResult?)] = []
        for i in 0..<baselines.count where baselines[i].unit == "ns" {
            rows.append(("baseline: " + baselines[i].name, baselines[i], nil))
        }
        for i in 0..<scenes.count {
            rows.append(
                (
                    scenes[i].name + "  (" + number(scenes[i].allocationsPerOperation) + " allocations/op)", nil,
                    scenes[i]
                ))
            for j in 0..<scenes[i].figures.count where scenes[i].figures[j].unit == "ns" {
                rows.append((scenes[i].figures[j].name, scenes[i].figures[j], scenes[i]))
            }
        }
        // The scale: powers of ten from below the smallest median to above the largest p99.
        var low = 1e12
        var high = 1.0
        for i in 0..<rows.count {
            guard let f = rows[i].figure else { continue }
            if f.median > 0 { low = Swift.min(low, f.median) }
            high = Swift.max(high, f.p99, f.median)
            for g in f.goals where g.limit > 0 {
                low = Swift.min(low, g.limit)
                high = Swift.max(high, g.limit)
            }
        }
        var lowExponent = 0
        var highExponent = 1
        while power(lowExponent + 1) <= low { lowExponent += 1 }
        while power(highExponent) < high { highExponent += 1 }
        let left = 380.0
        let width = 500.0
        let rowHeight = 22.0
        let top = 70.0
        let height = top + Double(rows.count) * rowHeight + 50
        func x(_ value: Double) -> Double {
            let v = Swift.max(value, power(lowExponent))
            return left + width * (log10(v) - Double(lowExponent)) / Double(highExponent - lowExponent)
        }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1180\" height=\"" + number(height)
            + "\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        svg +=
            "<text x=\"16\" y=\"26\" font-size=\"17\" font-weight=\"bold\">PanelKit bench: " + escape(board) + " ("
            + escape(buildMode)
            + " build, " + escape(iterationsMode) + " run) " + (passed ? "PASS" : "FAIL") + "</text>\n"
        svg +=
            "<text x=\"16\" y=\"46\" fill=\"#555\">" + escape(machine)
            + ". Bars: median; black ticks: p99; green or red ticks: goals (met or missed); log scale.</text>\n"
        for e in lowExponent...highExponent {
            let gx = x(power(e))
            svg +=
                "<line x1=\"" + number(gx) + "\" y1=\"" + number(top - 6) + "\" x2=\"" + number(gx) + "\" y2=\""
                + number(top + Double(rows.count) * rowHeight) + "\" stroke=\"#ddd\"/>\n"
            svg +=
                "<text x=\"" + number(gx) + "\" y=\"" + number(top + Double(rows.count) * rowHeight + 16)
                + "\" text-anchor=\"middle\" fill=\"#555\">" + format(power(e), "ns") + "</text>\n"
        }
        for i in 0..<rows.count {
            let y = top + Double(i) * rowHeight
            guard let f = rows[i].figure else {
                let failed = rows[i].scene?.allocationFailed == true
                svg +=
                    "<text x=\"16\" y=\"" + number(y + 15) + "\" font-weight=\"bold\" fill=\""
                    + (failed ? "#c00" : "#222") + "\">"
                    + escape(rows[i].label) + (failed ? " ALLOCATES ON THE HOT PATH" : "") + "</text>\n"
                continue
            }
            let failed = rows[i].scene?.allocationFailed == true
            let color = rows[i].scene == nil ? "#9aa4b2" : (failed ? "#d33" : "#3db6c8")
            svg += "<text x=\"28\" y=\"" + number(y + 15) + "\">" + escape(shortened(rows[i].label, 50)) + "</text>\n"
            svg +=
                "<rect x=\"" + number(left) + "\" y=\"" + number(y + 4) + "\" width=\""
                + number(Swift.max(1, x(f.median) - left))
                + "\" height=\"14\" fill=\"" + color + "\"/>\n"
            svg +=
                "<line x1=\"" + number(x(f.p99)) + "\" y1=\"" + number(y + 2) + "\" x2=\"" + number(x(f.p99))
                + "\" y2=\""
                + number(y + 20) + "\" stroke=\"#222\" stroke-width=\"2\"/>\n"
            // Each goal is a tick where the median must end: green when the bar stops short of it.
            var missed = false
            for g in f.goals {
                let met = g.isMet(by: f)
                missed = missed || !met
                let gx = number(x(g.limit))
                svg +=
                    "<path d=\"M" + gx + " " + number(y) + " l-5 -6 h10 z M" + gx + " " + number(y)
                    + " v22\" stroke=\"" + (met ? "#1a8a3a" : "#d33") + "\" fill=\"" + (met ? "#1a8a3a" : "#d33")
                    + "\" stroke-width=\"2\"><title>goal " + escape(g.statement) + "</title></path>\n"
            }
            var label = format(f.median, f.unit)
            if let ratio = f.ratio, let of = f.ratioOf { label += "  (× " + number(ratio) + " of " + of + ")" }
            if !f.goals.isEmpty { label += missed ? "  misses its goal" : "  goal met" }
            var labelX = x(f.p99)
            for g in f.goals { labelX = Swift.max(labelX, x(g.limit)) }
            svg +=
                "<text x=\"" + number(labelX + 8) + "\" y=\"" + number(y + 15) + "\" fill=\"#333\">" + escape(label)
                + "</text>\n"
        }
        return svg + "</svg>\n"
    }
}

func power(_ exponent: Int) -> Double {
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}

/// log10 without libm's entry points (Embedded builds link only what they name).
func log10(_ value: Double) -> Double {
    // log10(x) = e + log10(m), x = m · 10^e with 1 ≤ m < 10; log10(m) by the series of ln.
    var m = value
    var e = 0.0
    while m >= 10 {
        m /= 10
        e += 1
    }
    while m < 1 {
        m *= 10
        e -= 1
    }
    // ln(m) = 2 atanh((m − 1)/(m + 1))
    let t = (m - 1) / (m + 1)
    let t2 = t * t
    var term = t
    var sum = 0.0
    var k = 1.0
    for _ in 0..<40 {
        sum += term / k
        term *= t2
        k += 2
    }
    return e + 2 * sum / 2.302585092994046
}

func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "&": out += "&amp;"
        case "\"": out += "&quot;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// `text` cut to `count` characters with an ellipsis, so labels stay left of the bars.
func shortened(_ text: String, _ count: Int) -> String {
    var scalars = 0
    var out = ""
    for scalar in text.unicodeScalars {
        if scalars == count - 1 { return out + "…" }
        out.unicodeScalars.append(scalar)
        scalars += 1
    }
    return out
}
