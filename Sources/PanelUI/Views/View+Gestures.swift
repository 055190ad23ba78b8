extension View {
    /// Attaches `recognizer` to this view; it sees the touches of this view and
    /// of its subviews before they do (G1). A recognizer belongs to one view.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let old = recognizer.view { old.removeGestureRecognizer(recognizer) }
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`; a gesture in progress is cancelled (or failed, if undecided).
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        recognizer.dispatcher?.recognizerWasDetached(recognizer)
        gestureRecognizers.remove(at: index)
        recognizer.view = nil
    }
}
