"""A note deleted by the CLI while the Notes window shows it: what is typed next goes into one
new note (not one a key), and a toast says so in the CLI's words."""
import json
import subprocess

from desktop import *


def scenario():
    main = frame("Checklists")
    step("the note opens with its title and body")
    window_action(main, "win.notes")
    notes = frame("Notes")
    find(notes, "list item", "Draft")
    wait_for("the title", lambda: text_of(find(notes, "text", "Title")) == "Draft")
    body = find(notes, "text", "Body")
    wait_for("the body", lambda: text_of(body) == "old body")

    step("another process deletes the note; typing goes on")
    cli("note", "delete", "1")
    # The list follows the other process; the editor keeps the note for the user to go on.
    absent(notes, "list item", "Draft")
    pointer_click(body)
    key("ctrl+End")
    subprocess.run(["xdotool", "type", "--delay", "20", " typed"], check=True)
    toast(notes, "Note 1 was deleted while you edited it; saved your text as new note 2: Draft")

    step("exactly one note, the new one, has all the text")

    def saved():
        listed = json.loads(cli("notes", "--json"))
        shown = cli("note", "show", "2")
        return [n["id"] for n in listed] == [2] and shown.endswith("\nold body typed\n")
    wait_for("one new note with the typed text", saved)
    click(find(notes, "push button", "Close"))
    absent(app(), "frame", "Notes")
    listed = json.loads(cli("notes", "--json"))
    if [n["id"] for n in listed] != [2]:
        raise Failure("notes after closing: %r" % listed)


run(scenario)
