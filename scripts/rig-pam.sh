#!/bin/bash
# Test rig: a private PAM configuration backed by cwrap's pam_matrix (no daemon, no preload).
#
#   scripts/rig-pam.sh make DIR USER PASSWORD_FILE   # prints `export VAR=value` lines
#   scripts/rig-pam.sh stop DIR                      # no-op (nothing runs); for symmetry
#
# Writes DIR/pam.d/checklists and DIR/pam.d/other:
#   auth    required <pam_wrapper modules dir>/pam_matrix.so passdb=DIR/passdb
#   account required <pam_wrapper modules dir>/pam_matrix.so passdb=DIR/passdb
# and DIR/passdb (0600) with the single line USER:PASSWORD:checklists. The password is read
# from PASSWORD_FILE (trailing newlines dropped), never from argv or the environment.
# Use from code with pam_start_confdir("checklists", user, &conv, $CHECKLISTS_PAM_CONFDIR, &h).
# Exports CHECKLISTS_PAM_CONFDIR=DIR/pam.d.
set -u
PROG=rig-pam
usage() { echo "usage: $0 make DIR USER PASSWORD_FILE | stop DIR" >&2; exit 2; }
q() { local s=${1//\'/\'\\\'\'}; printf "'%s'" "$s"; }
fail() { echo "$PROG: $*" >&2; exit 1; }

[ $# -ge 2 ] || usage
CMD=$1
DIR=$(realpath -m -- "$2")

case $CMD in
make)
    [ $# -eq 4 ] || usage
    USER_NAME=$3
    PWFILE=$4
    case $USER_NAME in ''|*:*|*[[:space:]]*) fail "bad user name (empty, ':' or whitespace)" ;; esac
    case $DIR in *[[:space:]]*) fail "DIR must not contain whitespace (PAM module arguments): $DIR" ;; esac
    [ -r "$PWFILE" ] || fail "cannot read password file $PWFILE"
    PW=$(cat -- "$PWFILE") || fail "cannot read password file $PWFILE"
    [ -n "$PW" ] || fail "empty password in $PWFILE"
    case $PW in *:*|*$'\n'*|*$'\r'*) fail "password must not contain ':' or line breaks (pam_matrix passdb format)" ;; esac
    case $PW in [[:blank:]]*) fail "password must not start with a space or tab (pam_matrix strips them)" ;; esac
    [ ${#PW} -lt 1024 ] || fail "password too long for pam_matrix (max 1023 bytes)"
    MODDIR=$(pkg-config --variable=modules pam_wrapper 2>/dev/null)
    [ -n "$MODDIR" ] && [ -f "$MODDIR/pam_matrix.so" ] \
        || fail "pam_matrix.so not found (install libpam-wrapper)"
    mkdir -p "$DIR/pam.d" || fail "cannot create $DIR/pam.d"
    ( umask 077; printf '%s:%s:checklists\n' "$USER_NAME" "$PW" >"$DIR/passdb" ) \
        || fail "cannot write $DIR/passdb"
    PW=""
    for svc in checklists other; do
        printf 'auth    required %s/pam_matrix.so passdb=%s\naccount required %s/pam_matrix.so passdb=%s\n' \
            "$MODDIR" "$DIR/passdb" "$MODDIR" "$DIR/passdb" >"$DIR/pam.d/$svc" \
            || fail "cannot write $DIR/pam.d/$svc"
    done
    echo "export CHECKLISTS_PAM_CONFDIR=$(q "$DIR/pam.d")"
    ;;
stop)
    [ $# -eq 2 ] || usage
    ;;
*) usage ;;
esac
