/// Zeroing references without `weak`, which Embedded Swift lacks.
///
/// UIKit holds targets and delegates weakly: once the object is freed the
/// reference reads `nil`, and a tap on a control whose target is gone does
/// nothing. PanelKit gets the same with one small mechanism:
///
/// - An object that may be referenced this way owns a `Lifetime` (a stored
///   property; every `Responder` has one). Nothing else retains it.
/// - A `ZeroingReference` holds the object unretained plus the lifetime's
///   `LifetimeToken`, which it does retain.
/// - When the object is freed, its stored properties are released, the
///   `Lifetime`'s `deinit` marks the token dead, and every reference reads `nil`.
///
/// The lifetime is the object's own: it names its owner when made
/// (`lazy var lifetime = Lifetime(of: self)`), and a reference is only taken
/// with the lifetime of the object it refers to. An object that answers with
/// another's (`var lifetime: Lifetime { owner.lifetime }`) could be freed
/// while that other lives on, so a reference to it reads `nil` from the start:
/// a target that is never called rather than one called after it was freed
/// (docs/memory.md, "Targets and delegates").
///
/// Reading a reference allocates nothing; taking one allocates the object's
/// token the first time (on `Responder`, lazily).
public protocol LifetimeTracked: AnyObject {
    /// Ends when the object is freed. A class that is not a `Responder`
    /// adopts the protocol with one line: `public lazy var lifetime = Lifetime(of: self)`.
    var lifetime: Lifetime { get }
}

/// Owned by one object only, and freed with it; see `LifetimeTracked`.
public final class Lifetime {
    public let token = LifetimeToken()
    /// The owner's identity, compared and never loaded.
    @usableFromInline let owner: ObjectIdentifier

    /// The lifetime of `owner`, which keeps it in a stored property: write
    /// `lazy var lifetime = Lifetime(of: self)`.
    /// (Generic, so that Embedded Swift takes the identity of a concrete
    /// class; a convenience init, as Embedded allows no generic designated one.)
    public convenience init<Owner: AnyObject>(of owner: Owner) {
        self.init(ownerIdentity: ObjectIdentifier(owner))
    }

    init(ownerIdentity: ObjectIdentifier) { owner = ownerIdentity }

    @available(*, unavailable, message: "a lifetime names its owner: write `lazy var lifetime = Lifetime(of: self)`")
    public init() { fatalError("unavailable") }

    /// The token for references to `object`: nil unless this is `object`'s own lifetime.
    @inlinable public func token<Object: AnyObject>(for object: Object) -> LifetimeToken? {
        owner == ObjectIdentifier(object) ? token : nil
    }

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

    /// A reference to `object`, whose own lifetime's token is `token` (nil:
    /// the lifetime was another object's, and the reference reads `nil`). Not
    /// public: paired with another object's token, it would dangle.
    @usableFromInline init(_ object: Object, token: LifetimeToken?) {
        unretained = token == nil ? nil : Unmanaged.passUnretained(object)
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
        self.init(object, token: object.lifetime.token(for: object))
    }
}

extension LifetimeTracked {
    /// The token references to this object keep: nil when its `lifetime` is another object's.
    var ownLifetimeToken: LifetimeToken? { lifetime.token(for: self) }
}
