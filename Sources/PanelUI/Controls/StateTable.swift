/// Values kept per control state, looked up by the exact state (C2). Small:
/// a button has a handful of entries; lookups allocate nothing.
@usableFromInline
internal struct StateTable<Value> {
    @usableFromInline internal var states: [UInt32] = []
    @usableFromInline internal var values: [Value] = []

    @usableFromInline internal init() {}

    /// The value set for exactly `state`.
    @usableFromInline internal func value(for state: UInt32) -> Value? {
        var i = 0
        while i < states.count {
            if states[i] == state { return values[i] }
            i += 1
        }
        return nil
    }

    /// Sets or, with `nil`, removes the value for exactly `state`.
    @usableFromInline internal mutating func set(_ value: Value?, for state: UInt32) {
        var i = 0
        while i < states.count {
            if states[i] == state {
                if let value {
                    values[i] = value
                } else {
                    states.remove(at: i)
                    values.remove(at: i)
                }
                return
            }
            i += 1
        }
        if let value {
            states.append(state)
            values.append(value)
        }
    }
}
