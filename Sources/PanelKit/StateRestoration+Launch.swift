extension StateRestoration {
    /// The key the runtime keeps the app's saved state under, in its settings.
    public static let settingsKey = "PanelKit.state"

    /// The runtime's part at launch, once the app built its window: when a
    /// window's root controller has a `restorationIdentifier`, the state the
    /// last run saved in `settings` is restored (the delegate makes the
    /// controllers the app did not), one line on standard error says where
    /// the app is back, and from now on changes are saved to `settings`.
    /// Nil for an app without identifiers: nothing is kept.
    static func launch(_ application: Application, delegate: any ApplicationDelegate, settings: Settings)
        -> StateRestoration?
    {
        guard application.windows.contains(where: { $0.rootViewController?.restorationIdentifier != nil }) else {
            return nil
        }
        let restoration = StateRestoration(application: application) { state in
            settings.set(state, forKey: settingsKey)
        }
        guard let state = settings.string(forKey: settingsKey) else { return restoration }
        // A state that brings the app down must not do so at every restart
        // (systemd would give up on the unit): it is forgotten now, and saved
        // again `saveDelay` from now, once the restored screen is up.
        do throws(SettingsError) { try settings.removeValue(forKey: settingsKey) } catch {
            settings.failureHandler(error)
        }
        let report = restoration.restore(state) { path in
            delegate.application(application, viewControllerWithRestorationIdentifierPath: path)
        }
        restoration.setNeedsSave()
        var line = "state restoration: "
        if report.shown.isEmpty {
            line += "nothing to restore"
        } else {
            line += "back on " + report.shown.joined(separator: ", ")
        }
        if report.scrollViews > 0 {
            line +=
                report.scrollViews == 1 ? " (1 scroll offset)" : " (" + String(report.scrollViews) + " scroll offsets)"
        }
        if let problem = report.problem { line += "; " + problem }
        writeError(line + "\n")
        return restoration
    }
}
