"""A note changed by the CLI while the Notes window shows it: the editor shows the new text, and
what is typed next goes on from it (it used to keep the old text, which the next key saved over
the CLI's change)."""
import subprocess

from desktop import *


def scenario():
    main = frame("Checklists")
    step("the note opens with its title and body")
    window_action(main, "win.notes")
    notes = frame("Notes")
    wait_for("the title", lambda: text_of(find(notes, "text", "Title")) == "Draft")
    body = find(notes, "text", "Body")
    wait_for("the body", lambda: text_of(body) == "old body")

    step("another process changes the note; the editor follows")
    cli("note", "edit", "1", "--title", "Plan", "--body", "new body")
    wait_for("the new body in the editor", lambda: text_of(body) == "new body", timeout=15)
    wait_for("the new title in the editor", lambda: text_of(find(notes, "text", "Title")) == "Plan", timeout=15)
    find(notes, "list item", "Plan")

    step("typing goes on from the new text")
    pointer_click(body)
    key("ctrl+End")
    subprocess.run(["xdotool", "type", "--delay", "20", " typed"], check=True)

    def saved():
        return cli("note", "show", "1") == "Plan\n────\nnew body typed\n"
    wait_for("the typed text after the other process's", saved)
    click(find(notes, "push button", "Close"))
    absent(app(), "frame", "Notes")


run(scenario)
