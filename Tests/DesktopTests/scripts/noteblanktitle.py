"""The title of an open note cleared, the body typed on, the window closed: the body is saved
under the title the note had (it was not saved at all while the title was blank, and closing
the window lost it)."""
import subprocess

from desktop import *


def scenario():
    main = frame("Checklists")
    window_action(main, "win.notes")
    notes = frame("Notes")
    title = find(notes, "text", "Title")
    wait_for("the title", lambda: text_of(title) == "Draft")
    body = find(notes, "text", "Body")
    wait_for("the body", lambda: text_of(body) == "old body")

    step("the title is cleared, the body typed on")
    type_into(title, "")
    wait_for("a blank title", lambda: text_of(title) == "")
    pointer_click(body)
    key("ctrl+End")
    subprocess.run(["xdotool", "type", "--delay", "20", " more"], check=True)
    wait_for("the typed body", lambda: text_of(body) == "old body more")

    step("the window closes; the body is kept under the old title")
    click(find(notes, "push button", "Close"))
    absent(app(), "frame", "Notes")
    shown = cli("note", "show", "1")
    if shown != "Draft\n─────\nold body more\n":
        raise Failure("note 1 after closing: %r" % shown)


run(scenario)
