import ReminderAgent

/// The reminder agent, as a front end that stays open sees it.
extension AppSession {
    /// Tells a running reminder agent to re-plan from the reminders store, as the CLI does after
    /// each command that changed something (does nothing when no agent runs). A front end that
    /// stays open calls it after its own changes: the agent sleeps until the next reminder it
    /// knows of, so without a poke a reminder added for sooner would come late.
    public func pokeReminderAgent() {
        ReminderAgent.poke(home: home)
    }
}
