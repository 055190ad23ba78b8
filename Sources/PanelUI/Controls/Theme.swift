/// The colours, fonts and sizes the standard controls and display views draw
/// with, in one place: nothing in `Button`, `Slider`, `Switch`,
/// `SegmentedControl`, `Stepper`, `ProgressView`,
/// `ActivityIndicatorView`, `PageControl`, `TextField`, `KeyboardView`,
/// `Label` or `ImageView` hard-codes a colour or a metric.
///
/// `standard` is a calm dark theme for a car or appliance panel: a near-black
/// background, slightly lifted surfaces, light text and one teal accent for
/// what is on, selected or filled. Controls copy `standard` when they are
/// created; assign `standard` before building the UI to restyle an app, or
/// set a control's own `theme`.
///
/// Sizes are in points and suit a finger: controls 48 pt high, a 28 pt slider
/// thumb whose touch area is grown to 52 pt, a 56 × 32 pt switch.
public struct Theme: Equatable, Sendable {
    // MARK: Colours

    /// Behind everything: the window's colour.
    public var background: Color
    /// A button's fill, a card or a panel on the background.
    public var surface: Color
    /// Laid over a control's fill while a finger presses it.
    public var pressedOverlay: Color
    /// The one accent: a selected button, a slider's filled part, a switch that is on.
    public var accent: Color
    /// Text and icons drawn on the accent.
    public var onAccent: Color
    /// Primary text.
    public var text: Color
    /// Less important text: captions, units, hints.
    public var secondaryText: Color
    /// Text of a disabled control.
    public var disabledText: Color
    /// The fill of a disabled button.
    public var disabledFill: Color
    /// How opaque a disabled slider or switch (and a disabled button's image) is drawn, 0…1.
    public var disabledAlpha: Double
    /// A slider's unfilled track.
    public var track: Color
    /// The round thumb of a slider or switch.
    public var thumb: Color
    /// A switch's track when it is off (`accent` when it is on).
    public var switchOff: Color
    /// The lines between a segmented control's segments and between a stepper's halves.
    public var divider: Color
    /// The spokes of an activity indicator (the leading one; the others fade towards `background`).
    public var activityIndicator: Color
    /// A page control's dots for the pages not shown.
    public var pageIndicator: Color
    /// A page control's dot for the page shown.
    public var currentPageIndicator: Color
    /// Behind the on-screen keyboard's keys.
    public var keyboardBackground: Color
    /// A key that types a character, and the key preview balloon.
    public var keyFill: Color
    /// Shift, backspace, return, the layout switch and the hide key.
    public var functionKeyFill: Color
    /// A key's fill while a finger is on it.
    public var pressedKeyFill: Color
    /// The shadow line under each key cap.
    public var keyShadow: Color
    /// The focus ring around the view a rotary encoder or the focus keys act on.
    public var focusRing: Color
    /// The focus ring while turns adjust the focused view (a slider, a stepper).
    public var focusRingAdjusting: Color

    // MARK: Metrics

    /// Corner radius of buttons and other filled shapes.
    public var cornerRadius: Double
    /// The height controls are designed for; a finger-sized target.
    public var controlHeight: Double
    /// Space between a button's edges and its title or image, left and right.
    public var contentPadding: Double
    /// Space between a button's image and its title.
    public var imageTitleSpacing: Double
    /// A button's title.
    public var buttonFont: Font
    /// A label's text by default.
    public var bodyFont: Font
    /// Small text: captions and units.
    public var captionFont: Font
    /// Height of a slider's track.
    public var sliderTrackHeight: Double
    /// Diameter of a slider's thumb.
    public var thumbDiameter: Double
    /// How far around a slider's thumb a landing finger still grabs it (UIKit
    /// grows the thumb's touch area to finger size the same way).
    public var thumbTouchMargin: Double
    /// The size of a switch's pill; the switch is drawn centred in its bounds.
    public var switchSize: Size
    /// Gap between a switch's thumb and the edge of its pill.
    public var switchThumbInset: Double
    /// How far a finger on a switch must move before it drags the thumb
    /// rather than tapping.
    public var switchDragThreshold: Double
    /// How long a switch's thumb (or an animated slider) takes to move, in seconds.
    public var animationDuration: Double
    /// A segment's title.
    public var segmentFont: Font
    /// How far a segmented control's selected segment is inset from its edges.
    public var segmentInset: Double
    /// A stepper's size: its − and + halves side by side.
    public var stepperSize: Size
    /// How long a finger holds a stepper's half before it repeats, in seconds (UIKit's 0.5 s).
    public var autorepeatDelay: Double
    /// Seconds between a stepper's first repeats.
    public var autorepeatInterval: Double
    /// Seconds between repeats once `autorepeatAccelerationCount` have happened: holding longer goes faster.
    public var autorepeatFastInterval: Double
    /// How many repeats at `autorepeatInterval` before they speed up.
    public var autorepeatAccelerationCount: Int
    /// Height of a progress view's bar.
    public var progressBarHeight: Double
    /// A gauge's diameter when nothing else sizes it.
    public var gaugeDiameter: Double
    /// The width of a gauge's arc.
    public var gaugeLineWidth: Double
    /// An activity indicator's diameter.
    public var activityIndicatorDiameter: Double
    /// How many spokes the lead moves on per second: one turn of 12 spokes a second.
    public var activityIndicatorStepsPerSecond: Double
    /// A page control's dot.
    public var pageIndicatorDiameter: Double
    /// From one dot's centre to the next.
    public var pageIndicatorSpacing: Double
    /// Space between a text field's edges and its text, left and right.
    public var textFieldPadding: Double
    /// Width of a text field's caret.
    public var caretWidth: Double
    /// How long a text field's caret stays shown, then hidden, in seconds.
    public var caretBlinkInterval: Double
    /// How long a finger must rest on a text field before the loupe shows, in seconds.
    public var loupeDelay: Double
    /// The loupe's size; it floats this far above the field's top.
    public var loupeSize: Size
    /// How much the loupe enlarges the text under it.
    public var loupeMagnification: Double
    /// A letter or symbol on a key cap.
    public var keyFont: Font
    /// The words on function keys ("space", "return", "123").
    public var functionKeyFont: Font
    /// The character in the key preview balloon.
    public var keyPreviewFont: Font
    /// The symbols on function keys without a character of their own (the
    /// hide key's keyboard): Material Icons, PanelKit's icon font.
    public var keySymbolFont: Font
    /// Corner radius of a key cap.
    public var keyCornerRadius: Double
    /// Space between two keys of a row, and between two rows.
    public var keySpacing: Double
    /// The on-screen keyboard's height as a share of the screen's height,
    /// held between `keyboardMinimumHeight` and `keyboardMaximumHeight`.
    public var keyboardHeightFraction: Double
    public var keyboardMinimumHeight: Double
    public var keyboardMaximumHeight: Double
    /// How long the keyboard takes to slide up or down, in seconds.
    public var keyboardAnimationDuration: Double
    /// The focus ring's line, and its line while adjusting (thicker, so the mode shows without colour).
    public var focusRingWidth: Double
    public var focusRingAdjustingWidth: Double
    /// Space between the focused view's frame and its focus ring.
    public var focusRingGap: Double

    /// The standard dark theme (see the type's documentation).
    public init() {
        background = Color(rgb: 0x0E1116)
        surface = Color(rgb: 0x1E242D)
        pressedOverlay = Color(red: 255, green: 255, blue: 255, alpha: 36)
        accent = Color(rgb: 0x3DB6C8)
        onAccent = Color(rgb: 0x08161A)
        text = Color(rgb: 0xE9EDF2)
        secondaryText = Color(rgb: 0x9AA4B2)
        disabledText = Color(rgb: 0x58606C)
        disabledFill = Color(rgb: 0x161A20)
        disabledAlpha = 0.4
        track = Color(rgb: 0x353C48)
        thumb = Color(rgb: 0xF4F6F8)
        switchOff = Color(rgb: 0x3A424E)
        divider = Color(rgb: 0x3A424E)
        activityIndicator = Color(rgb: 0xE9EDF2)
        pageIndicator = Color(rgb: 0x4A5362)
        currentPageIndicator = Color(rgb: 0xE9EDF2)
        keyboardBackground = Color(rgb: 0x161B22)
        keyFill = Color(rgb: 0x3A424E)
        functionKeyFill = Color(rgb: 0x262D37)
        pressedKeyFill = Color(rgb: 0x5A6574)
        keyShadow = Color(rgb: 0x07090C)
        focusRing = Color(rgb: 0x8FE9F5)
        focusRingAdjusting = Color(rgb: 0xF5B841)

        cornerRadius = 12
        controlHeight = 48
        contentPadding = 16
        imageTitleSpacing = 8
        buttonFont = .system(size: 18, weight: .semibold)
        bodyFont = .system(size: 17)
        captionFont = .system(size: 14)
        sliderTrackHeight = 6
        thumbDiameter = 28
        thumbTouchMargin = 12
        switchSize = Size(width: 56, height: 32)
        switchThumbInset = 3
        switchDragThreshold = 4
        animationDuration = 0.2
        segmentFont = .system(size: 15, weight: .semibold)
        segmentInset = 3
        stepperSize = Size(width: 120, height: 48)
        autorepeatDelay = 0.5
        autorepeatInterval = 0.1
        autorepeatFastInterval = 0.05
        autorepeatAccelerationCount = 10
        progressBarHeight = 6
        gaugeDiameter = 120
        gaugeLineWidth = 10
        activityIndicatorDiameter = 32
        activityIndicatorStepsPerSecond = 12
        pageIndicatorDiameter = 8
        pageIndicatorSpacing = 18
        textFieldPadding = 12
        caretWidth = 2
        caretBlinkInterval = 0.5
        loupeDelay = 0.5
        loupeSize = Size(width: 120, height: 48)
        loupeMagnification = 1.5
        keyFont = .system(size: 22)
        functionKeyFont = .system(size: 15)
        keyPreviewFont = .system(size: 34)
        keySymbolFont = Font(name: "MaterialIcons-Regular", size: 26)
        keyCornerRadius = 6
        keySpacing = 6
        keyboardHeightFraction = 0.45
        keyboardMinimumHeight = 160
        keyboardMaximumHeight = 280
        keyboardAnimationDuration = 0.25
        focusRingWidth = 2
        focusRingAdjustingWidth = 4
        focusRingGap = 2
    }

    /// What new controls and views use. Single-threaded like the rest of PanelKit.
    nonisolated(unsafe) public static var standard = Theme()
}

extension Color {
    /// The colour `fraction` (0…1) of the way from `self` to `other`, channel by channel.
    @usableFromInline internal func mixed(with other: Color, fraction: Double) -> Color {
        let t = fraction > 0 ? min(fraction, 1) : 0 // NaN counts as 0: a colour channel cannot be NaN
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
        }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: mix(alpha, other.alpha))
    }
}
