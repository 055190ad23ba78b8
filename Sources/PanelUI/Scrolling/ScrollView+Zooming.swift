// Zooming, UIKit's way: the delegate names the view to scale
// (`viewForZooming(in:)`), the scroll view sets that view's transform to the
// zoom scale, keeps it at the content's origin, and makes `contentSize` its
// scaled size. A pinch (created only while zooming is possible) scales about
// the point between the fingers.

extension ScrollView {
    /// The view the delegate scales, if any.
    public var viewForZooming: View? { delegate?.viewForZooming(in: self) }

    /// Scales the zoom view to `scale` (held to the minimum and maximum);
    /// `animated` springs there and calls `scrollViewDidEndScrollingAnimation`.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        guard animated, let time = now else {
            zoomAnimation.kind = .idle
            applyZoomScale(target, keepingCenter: true)
            return
        }
        zoomAnimation.dimension = 0
        zoomAnimation.spring(from: storedZoomScale, to: target, velocity: 0, at: time)
        startAnimating()
    }

    /// Applies `scale` to the zoom view and the content size; `keepingCenter`
    /// keeps the content point at the view's centre where it is.
    @usableFromInline func applyZoomScale(_ scale: Double, keepingCenter: Bool) {
        guard scale.isFinite, scale > 0 else { return }
        let old = storedZoomScale
        storedZoomScale = scale
        guard let zoomView = viewForZooming else { return }
        let centre = Point(x: bounds.midX, y: bounds.midY)
        zoomView.transform = AffineTransform(scaleX: scale, y: scale)
        let size = zoomView.bounds.size
        zoomView.center = Point(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = Size(width: size.width * scale, height: size.height * scale)
        if keepingCenter && old > 0 {
            let ratio = scale / old
            let offset = Point(x: centre.x * ratio - bounds.width / 2, y: centre.y * ratio - bounds.height / 2)
            setBoundsOrigin(clampedContentOffset(offset))
        }
        if scale != old { delegate?.scrollViewDidZoom(self) }
    }

    /// Creates the pinch when zooming becomes possible, and disables it when not.
    @usableFromInline func updatePinchRecognizer() {
        let possible = maximumZoomScale > minimumZoomScale
        if possible && pinchGestureRecognizer == nil {
            let pinch = PinchGestureRecognizer(name: name.isEmpty ? "scroll.pinch" : name + ".pinch")
            pinch.addAction { recognizer in
                (recognizer.view as? ScrollView)?.handlePinch(recognizer)
            }
            addGestureRecognizer(pinch)
            pinchGestureRecognizer = pinch
        }
        pinchGestureRecognizer?.isEnabled = possible
    }

    @usableFromInline func handlePinch(_ recognizer: GestureRecognizer) {
        guard let pinch = recognizer as? PinchGestureRecognizer, let zoomView = viewForZooming else { return }
        switch pinch.state {
        case .began:
            stopMotion()
            isZooming = true
            zoomStartScale = storedZoomScale
            // The content point under the fingers, in the zoom view's own (unscaled) coordinates.
            zoomAnchor = pinch.location(in: zoomView)
        case .changed:
            let scale = min(max(zoomStartScale * pinch.scale, minimumZoomScale), maximumZoomScale)
            applyZoomScale(scale, keepingCenter: false)
            // Keep the anchor under the fingers.
            let fingers = pinch.location(in: self)
            let onScreen = Point(x: fingers.x - bounds.origin.x, y: fingers.y - bounds.origin.y)
            let offset = Point(x: zoomAnchor.x * scale - onScreen.x, y: zoomAnchor.y * scale - onScreen.y)
            setBoundsOrigin(clampedContentOffset(offset))
            rebaseDrag()
        case .ended, .cancelled:
            isZooming = false
            rebaseDrag()
        case .possible, .failed:
            break
        }
    }

    /// A pan running with the pinch goes on from where the zoom left the content, without a jump.
    @usableFromInline func rebaseDrag() {
        guard isDragging else { return }
        panGestureRecognizer.setTranslation(.zero, in: self)
        dragOrigin = bounds.origin
    }
}
