import PanelKit

/// The `touches` scene: a container named `grid` holding 4 columns × 3 rows
/// of cells named `cell-ROW-COL`. Cell 0-3 is hidden, cell 2-0 has
/// interaction disabled, and cell 1-2 is round (it overrides
/// `point(inside:)`), so touches there show R4 and R5 at work. Every view logs
/// the responder messages it receives; cells handle their touches, so the
/// grid and window hear only touches that miss every cell.
public enum TouchesScene {
    public static let columns = 4
    public static let rows = 3
    public static let hiddenCell = "cell-0-3"
    public static let disabledCell = "cell-2-0"
    public static let roundCell = "cell-1-2"

    public static func build(screenSize: Size, log: ReplayLog) -> Window {
        let window = LoggingWindow(frame: Rect(origin: .zero, size: screenSize), log: log)
        window.backgroundColor = SceneTheme.background
        let margin = 20.0, gap = 10.0
        let grid = LoggingView(
            frame: Rect(x: margin, y: margin, width: screenSize.width - 2 * margin, height: screenSize.height - 2 * margin),
            name: "grid", observer: log)
        grid.backgroundColor = SceneTheme.container
        window.addSubview(grid)
        let cellWidth = (grid.bounds.width - gap * Double(columns - 1)) / Double(columns)
        let cellHeight = (grid.bounds.height - gap * Double(rows - 1)) / Double(rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let name = "cell-\(row)-\(column)"
                let frame = Rect(x: Double(column) * (cellWidth + gap), y: Double(row) * (cellHeight + gap),
                                 width: cellWidth, height: cellHeight)
                let cell = name == roundCell
                    ? RoundLoggingView(frame: frame, name: name, observer: log)
                    : LoggingView(frame: frame, name: name, observer: log)
                cell.backgroundColor = name == roundCell ? SceneTheme.cellRound : SceneTheme.cell
                cell.activeColor = SceneTheme.cellActive
                cell.touchedColor = SceneTheme.cellTouched
                if name == hiddenCell { cell.isHidden = true }
                if name == disabledCell {
                    cell.isUserInteractionEnabled = false
                    cell.backgroundColor = SceneTheme.cellDisabled
                }
                grid.addSubview(cell)
            }
        }
        return window
    }
}
