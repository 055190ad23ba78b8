/// Zeroing references without `weak`, which Embedded Swift lacks.
///
/// UIKit holds targets and delegates weakly: once the object is freed the
/// reference reads `nil`, and a tap on a control whose target is gone does
/// nothing. PanelKit gets the same with one small mechanism:
///
/// - An object that may be referenced this way owns a ``Lifetime`` (a stored
///   property; every ``Responder`` has one). Nothing else retains it.
/// - A ``ZeroingReference`` holds the object unretained plus the lifetime's
///   ``LifetimeToken``, which it does retain.
/// - When the object is freed, its stored properties are released, the
///   ``Lifetime``'s `deinit` marks the token dead, and every reference reads `nil`.
///
/// The lifetime must be the object's own (`let lifetime = Lifetime()`): an
/// object that answers with another's (`var lifetime: Lifetime { owner.lifetime }`)
/// is a target that outlives what it reports, and is not checked (docs/memory.md).
///
/// Reading a reference allocates nothing; taking one allocates the object's
/// token the first time (on ``Responder``, lazily).
public protocol LifetimeTracked: AnyObject {
    /// Ends when the object is freed. A class that is not a ``Responder``
    /// adopts the protocol with one line: `public let lifetime = Lifetime()`.
    var lifetime: Lifetime { get }
}

/// Owned by one object only, and freed with it; see ``LifetimeTracked``.
public final class Lifetime {
    public let token = LifetimeToken()

    public init() {}

    /// Ends the lifetime before the object is freed: references read `nil`
    /// from now on. For an owner that takes its object out of service first.
    public func end() { token.isAlive = false }

    deinit { token.isAlive = false }
}

/// Shared by the references to one object: true until the object is freed.
public final class LifetimeToken {
    /// Read on every action sent: a flag, so no exclusivity check.
    @exclusivity(unchecked) public internal(set) var isAlive = true
}

/// A reference that does not keep its object alive and reads `nil` once the
/// object is freed: what UIKit writes `weak var`.
public struct ZeroingReference<Object: AnyObject> {
    // Unretained on purpose, and never loaded unless `token` says the object
    // lives: loading a freed object, even to compare it, would touch freed memory.
    @usableFromInline var unretained: Unmanaged<Object>?
    @usableFromInline var token: LifetimeToken?

    public init() {}

    /// A reference to `object`, whose own lifetime's token is `token`. Not
    /// public: paired with another object's token, it would dangle.
    @usableFromInline init(_ object: Object, token: LifetimeToken) {
        unretained = Unmanaged.passUnretained(object)
        self.token = token
    }

    /// The object, or `nil` once it was freed (or when none was set).
    @inlinable public var object: Object? {
        guard let token, token.isAlive, let unretained else { return nil }
        return unretained.takeUnretainedValue()
    }

    /// Whether the object is alive and is `other`.
    @inlinable public func refers(to other: AnyObject) -> Bool {
        guard let token, token.isAlive, let unretained else { return false }
        return unretained.takeUnretainedValue() === other
    }
}

extension ZeroingReference where Object: LifetimeTracked {
    public init(_ object: Object?) {
        guard let object else {
            self.init()
            return
        }
        self.init(object, token: object.lifetime.token)
    }
}
