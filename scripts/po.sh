#!/bin/sh
# Translations (gettext): the template po/checklists.pot, the catalogues po/<lang>.po for the
# languages in po/LINGUAS, and their compiled .mo files.
#
#   sh scripts/po.sh update        extract the template from Sources and merge it into every .po
#   sh scripts/po.sh check         fail unless the template is current and every catalogue is
#                                  valid (msgfmt --check) and 100% translated
#   sh scripts/po.sh compile DIR   write DIR/<lang>/LC_MESSAGES/checklists.mo for every language
set -eu
cd "$(dirname "$0")/.."
DOMAIN=checklists

languages() { grep -v '^#' po/LINGUAS | grep -v '^[[:space:]]*$'; }

# Swift string literals are ObjectiveC's close enough: "…" with C escapes, and %@ is an
# objc-format placeholder, so msgfmt --check compares placeholders. Swift's multi-line
# literals ("""…""") confuse the lexer into harmless warnings, which are dropped here;
# tr()/trn() never take one (LocalizationSourceTests checks).
extract() {
    find Sources -name '*.swift' | LC_ALL=C sort | xargs grep -l -E '\btrn?\(' |
        xgettext --files-from=- --language=ObjectiveC --from-code=UTF-8 \
            --keyword= --keyword=tr --keyword=trn:1,2 \
            --package-name=Checklists --msgid-bugs-address=checklists \
            --add-comments=TRANSLATORS: --sort-by-file --no-wrap -o "$1" 2>&1 |
        grep -v -e 'unterminated string literal' -e 'unterminated character constant' >&2 || true
}

# The msgids of a .pot/.po, one per line, for comparing templates regardless of dates and lines.
msgids() { msgcat --no-location --no-wrap --sort-output "$1" | grep -E '^msgid(_plural)? '; }

case "${1:-}" in
update)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    extract "$tmp/fresh.pot"
    # Keep the old template when only its creation date would change (no churn in git).
    if ! cmp -s "$tmp/fresh.pot" po/$DOMAIN.pot &&
        ! diff -q -I '^"POT-Creation-Date:' "$tmp/fresh.pot" po/$DOMAIN.pot >/dev/null 2>&1; then
        cp "$tmp/fresh.pot" po/$DOMAIN.pot
    fi
    for lang in $(languages); do
        if [ -f "po/$lang.po" ]; then
            msgmerge --quiet --update --backup=none --no-wrap --sort-by-file "po/$lang.po" po/$DOMAIN.pot
        else
            msginit --no-translator --no-wrap --locale="$lang.UTF-8" -i po/$DOMAIN.pot -o "po/$lang.po"
        fi
    done
    sh "$0" check
    ;;
check)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    extract "$tmp/fresh.pot"
    if ! msgids po/$DOMAIN.pot >"$tmp/old" || ! msgids "$tmp/fresh.pot" >"$tmp/new" ||
        ! cmp -s "$tmp/old" "$tmp/new"; then
        echo "po: po/$DOMAIN.pot is out of date with Sources; run: sh scripts/po.sh update" >&2
        diff "$tmp/old" "$tmp/new" | grep '^[<>] msgid' | head -20 >&2 || true
        exit 1
    fi
    status=0
    for lang in $(languages); do
        # msgfmt prints "N translated messages[, F fuzzy translations][, U untranslated messages]."
        stats=$(msgfmt --check --statistics -o /dev/null "po/$lang.po" 2>&1) || {
            echo "po: $lang: $stats" >&2
            status=1
            continue
        }
        echo "po: $lang: $stats"
        case "$stats" in
        *fuzzy* | *untranslated*)
            echo "po: $lang is not complete: translate the fuzzy and untranslated messages" >&2
            status=1
            ;;
        esac
        msgids "po/$lang.po" >"$tmp/$lang.ids" || true
        if ! cmp -s "$tmp/new" "$tmp/$lang.ids"; then
            echo "po: po/$lang.po does not match the template; run: sh scripts/po.sh update" >&2
            status=1
        fi
    done
    exit $status
    ;;
compile)
    dir=${2:?usage: po.sh compile DIR}
    for lang in $(languages); do
        mkdir -p "$dir/$lang/LC_MESSAGES"
        out="$dir/$lang/LC_MESSAGES/$DOMAIN.mo"
        # Only when the .po is newer, and atomically, so a running binary never reads half a file.
        if [ ! -f "$out" ] || [ "po/$lang.po" -nt "$out" ]; then
            msgfmt --check -o "$out.tmp" "po/$lang.po"
            mv -f "$out.tmp" "$out"
        fi
    done
    ;;
*)
    echo "usage: sh scripts/po.sh update | check | compile DIR" >&2
    exit 2
    ;;
esac
