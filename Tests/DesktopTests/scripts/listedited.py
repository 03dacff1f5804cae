"""Edit Checklist open while another process renames the list: Done, with the name left alone,
keeps the new name (the form wrote its name and icon back over the rename)."""
import os
import subprocess

from desktop import *

CLI = os.environ["CHECKLISTS_BIN"]


def cli(*args):
    return subprocess.run([CLI] + list(args), capture_output=True, text=True)


def scenario():
    main = frame("Checklists")
    click(find(find(main, "list item", "Chores"), "push button", "Edit Checklist"))
    form = frame("Edit Checklist")
    renamed = cli("list", "edit", "Chores", "--name", "House chores")
    if renamed.returncode != 0:
        raise Failure("list edit: " + renamed.stderr)
    find(main, "list item", "House chores")
    click(find(form, "push button", "Done"))
    absent(app(), "frame", "Edit Checklist")
    find(main, "list item", "House chores")
    if "House chores" not in cli("lists").stdout:
        raise Failure("after Done: %r" % cli("lists").stdout)


run(scenario)
