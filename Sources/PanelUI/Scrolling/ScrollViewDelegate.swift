/// Hears what a `ScrollView` does: UIKit's `UIScrollViewDelegate`.
/// Every method has a default that does nothing, so a delegate implements
/// only what it needs. The scroll view holds its delegate as UIKit's weak
/// reference does (a `ZeroingReference`): any `Responder` qualifies;
/// another class adds `public lazy var lifetime = Lifetime(of: self)`.
public protocol ScrollViewDelegate: LifetimeTracked {
    /// The content offset changed, by a drag, a deceleration, a bounce, an
    /// animation or code.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The pan began: the finger is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted. `velocity` is in points per millisecond, as in UIKit
    /// (positive: the offset grows). `targetContentOffset` is where the
    /// content will come to rest; change it and the deceleration lands there.
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point,
        targetContentOffset: inout Point)
    /// The drag is over; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content moves on by itself after the lift (momentum, bounce or a page).
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after the lift.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation from `setContentOffset(_:animated:)` or `setZoomScale(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The view to scale when zooming; `nil` (the default) means no zooming.
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// `ScrollView.zoomScale` changed.
    func scrollViewDidZoom(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point,
        targetContentOffset: inout Point
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
}
