import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

// Scrolling by copy (issue 39): when a scroll view's content moves, the
// renderer moves the pixels already drawn and draws only what the move cannot
// give. Every frame must be the one a full redraw draws, pixel for pixel: at
// random offsets, whole and fractional, at scale 1 and 2, in XRGB8888 and
// RGB565, and presented turned.

/// A list's rows of text, some with a detail.
private final class Rows: TableViewDataSource {
    lazy var lifetime = Lifetime(of: self)
    var prefix = "Row "

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 300 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = prefix + String(indexPath.row)
        cell.accessoryType = indexPath.row % 3 == 0 ? .disclosureIndicator : .none
        return cell
    }
}

/// A screen with a list under a translucent bar that overlaps its top, and a
/// button beside it, at `scale`; the list's frame starts between pixels.
private struct ListScreen {
    let application: Application
    let window: Window
    let table: TableView
    let bar: View
    let rows = Rows()
    let size = Size(width: 320, height: 240)

    init(scale: Double) {
        (application, window) = screenWindow(size: size, scale: scale)
        table = TableView(frame: Rect(x: 10, y: 20.25, width: 240, height: 210.5), name: "list")
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 37.5
        table.dataSource = rows
        window.addSubview(table)
        bar = View(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        bar.backgroundColor = Color(red: 40, green: 40, blue: 60, alpha: 200)
        window.addSubview(bar)
        window.addSubview(Button(frame: Rect(x: 260, y: 60, width: 50, height: 30), name: "b", title: "Go"))
    }

    var pixelSize: (width: Int, height: Int) {
        (Int(size.width * window.displayScale), Int(size.height * window.displayScale))
    }
}

@Suite("Scrolling by copy", .serialized)
struct ScrollByCopyTests {
    let text = makeTextRenderer()

    /// Scrolls the list to `steps` random offsets, rendering each frame as the
    /// frame driver does (dirty areas, then the present turned into the panel's
    /// framebuffer), and compares each with a full redraw; returns the frames
    /// whose content was moved by copy.
    func scrollAndCompare(
        scale: Double, format: PixelFormat = .xrgb8888, rotation: DisplayRotation = .none, seed: UInt64,
        steps: Int = 60, changeContent: Bool = false
    ) -> Int {
        let screen = ListScreen(scale: scale)
        let (width, height) = screen.pixelSize
        let renderer = Renderer(textRenderer: text)
        let frames = PresentedFrames(
            screen.window, width: width, height: height, format: format, rotation: rotation, renderer: renderer)
        var random = Shuffle(state: seed)
        let copiesBefore = screen.window.framesScrolledByCopy
        for step in 0..<steps {
            let y = screen.table.contentOffset.y
            switch random.next() % 5 {
            case 0: screen.table.contentOffset.y = y + Double(Int(random.next() % 40)) - 20 // whole points
            case 1: screen.table.contentOffset.y = y + random.unit() * 30 - 10 // fractional
            case 2: screen.table.contentOffset.y = y + (random.unit() * 8).rounded() / 2 // half points
            case 3:
                // twice before a frame, the second after a change elsewhere on the screen
                screen.table.contentOffset.y = y + 7.25
                if changeContent { screen.bar.backgroundColor = Color(rgb: UInt32(random.next() % 0xFFFFFF)) }
                screen.table.contentOffset.y = y + 3.5
            default: screen.table.contentOffset.y = random.unit() * 9000 // far
            }
            if changeContent && step % 7 == 3 {
                screen.rows.prefix = step % 2 == 0 ? "Item " : "Row "
                screen.table.reloadData()
            }
            frames.render(screen.window, with: renderer)
            let full = HeadlessDisplay(width: width, height: height, format: format)
            renderer.draw(screen.window, into: full.framebuffer)
            let differences = pixelDifferences(frames.logical, full)
            #expect(differences.isEmpty, "step \(step), offset \(screen.table.contentOffset.y): \(differences)")
            #expect(frames.presentedDifferences().isEmpty, "step \(step), presented")
            if !differences.isEmpty { break }
        }
        return screen.window.framesScrolledByCopy - copiesBefore
    }

    @Test(
        "At scale 1, random whole and fractional offsets: every frame equals a full redraw, and most were moved by copy"
    )
    func scaleOne() {
        let copies = scrollAndCompare(scale: 1, seed: 0x9E37_79B9_7F4A_7C15)
        #expect(copies >= 30)
    }

    @Test("At scale 2 the content moves by whole pixels, half points included, and equals a full redraw")
    func scaleTwo() {
        let copies = scrollAndCompare(scale: 2, seed: 0x1234_5678_9ABC_DEF1)
        #expect(copies >= 30)
    }

    @Test("In RGB565 the moved pixels equal a full redraw")
    func rgb565() {
        let copies = scrollAndCompare(scale: 1, format: .rgb565, seed: 42)
        #expect(copies >= 30)
    }

    @Test("Presented turned (a panel mounted at 90° and 180°), the panel's pixels equal a full redraw turned")
    func rotated() {
        #expect(scrollAndCompare(scale: 1, rotation: .clockwise90, seed: 7) >= 30)
        #expect(scrollAndCompare(scale: 2, format: .rgb565, rotation: .upsideDown, seed: 8) >= 30)
    }

    @Test("Rows reloaded and the bar over the list recoloured between scrolls: still equal to a full redraw")
    func changesBesideTheScroll() {
        _ = scrollAndCompare(scale: 1, seed: 99, steps: 80, changeContent: true)
        _ = scrollAndCompare(scale: 2, seed: 100, steps: 80, changeContent: true)
    }

    @Test("A list without an opaque background is drawn again whole: what is under it does not move")
    func translucentListIsRedrawn() {
        let screen = ListScreen(scale: 1)
        screen.table.backgroundColor = nil
        let logical = HeadlessDisplay(width: 320, height: 240)
        let renderer = Renderer(textRenderer: text)
        renderer.draw(screen.window, into: logical.framebuffer)
        for offset in stride(from: 5.0, through: 100, by: 5) {
            screen.table.contentOffset.y = offset
            renderer.render(screen.window, into: logical.framebuffer)
            let full = HeadlessDisplay(width: 320, height: 240)
            renderer.draw(screen.window, into: full.framebuffer)
            #expect(pixelDifferences(logical, full).isEmpty)
        }
        #expect(screen.window.framesScrolledByCopy == 0)
    }
}
