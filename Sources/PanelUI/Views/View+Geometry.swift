extension View {
    /// Maps this view's bounds coordinates into its superview's bounds coordinates:
    /// move the bounds' centre to the origin, apply `transform`, move to `center`.
    public var transformToSuperview: AffineTransform {
        View.transformToSuperview(center: center, bounds: bounds, transform: transform)
    }

    /// The bounds-to-superview map of a view with these values (model or presentation).
    @inlinable public static func transformToSuperview(center: Point, bounds: Rect, transform: AffineTransform)
        -> AffineTransform
    {
        if transform.isIdentity {
            return AffineTransform(translationX: center.x - bounds.midX, y: center.y - bounds.midY)
        }
        let toCenter = AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
        return toCenter.concatenating(transform).concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// Maps this view's bounds coordinates into window coordinates: the bounds
    /// coordinates of the root of its hierarchy (its window, when it has one).
    public var transformToWindow: AffineTransform {
        var result = AffineTransform.identity
        var view = self
        while let parent = view.superview {
            result = result.concatenating(view.transformToSuperview)
            view = parent
        }
        return result
    }

    /// The root of this view's hierarchy: its window, or the topmost superview.
    public var rootView: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// Converts `point` from this view's bounds coordinates to `view`'s, or to
    /// window coordinates when `view` is `nil`. Views in different windows
    /// convert through screen coordinates.
    public func convert(_ point: Point, to view: View?) -> Point {
        if let window, let converted = window.viewTable.convert(point, from: self, to: view ?? window) {
            return converted
        }
        let inRoot = transformToWindow.apply(to: point)
        guard let view else { return inRoot }
        return view.fromRoot(inRoot, of: rootView)
    }

    /// Converts `point` from `view`'s bounds coordinates (window coordinates
    /// when `view` is `nil`) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        if let window, let converted = window.viewTable.convert(point, from: view ?? window, to: self) {
            return converted
        }
        guard let view else { return fromRoot(point, of: rootView) }
        return view.convert(point, to: self)
    }

    /// The bounding box of `rect` converted to `view`'s coordinates.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        var transform = transformToWindow
        if let view {
            var back = view.transformToWindow
            let (myRoot, theirRoot) = (rootView, view.rootView)
            if myRoot !== theirRoot {
                transform = transform.concatenating(myRoot.transformToSuperview)
                back = back.concatenating(theirRoot.transformToSuperview)
            }
            transform = transform.concatenating(back.inverted ?? .identity)
        }
        return transform.apply(to: rect)
    }

    /// `point`, given in the bounds coordinates of `root`, in this view's coordinates.
    @usableFromInline func fromRoot(_ point: Point, of root: View) -> Point {
        var inMyRoot = point
        let myRoot = rootView
        if myRoot !== root {
            // Different windows: through the screen, where each root's frame lives.
            let onScreen = root.transformToSuperview.apply(to: point)
            inMyRoot = (myRoot.transformToSuperview.inverted ?? .identity).apply(to: onScreen)
        }
        guard let inverse = transformToWindow.inverted else {
            return Point(x: .nan, y: .nan)
        }
        return inverse.apply(to: inMyRoot)
    }
}
