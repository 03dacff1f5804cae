#!/bin/sh
# Soak writer: acknowledged item adds, checks and edits (and a keychain write every fourth
# item) in list LIST, logging "S op..." before each command and "A op..." after it exits 0.
# Usage: writer.sh BIN LIST TAG LOG [COUNT]   (runs until killed, or COUNT items)
bin=$1 list=$2 tag=$3 log=$4 count=${5:-1000000}
k=0
while [ "$k" -lt "$count" ]; do
    text="$tag-$k"
    echo "S add $text" >>"$log"
    out=$("$bin" item add "$list" "$text") || { echo "E add $text" >>"$log"; exit 1; }
    id=${out#Added item }
    id=${id%% *}
    echo "A add $text $id" >>"$log"
    echo "S check $id" >>"$log"
    "$bin" item check "$id" >/dev/null || { echo "E check $id" >>"$log"; exit 1; }
    echo "A check $id" >>"$log"
    echo "S edit $id $text+" >>"$log"
    "$bin" item edit "$id" --text "$text+" >/dev/null || { echo "E edit $id" >>"$log"; exit 1; }
    echo "A edit $id $text+" >>"$log"
    if [ $((k % 4)) -eq 0 ]; then
        echo "S kset $text" >>"$log"
        printf '%s' "value-$text" | "$bin" keychain set "soak-$text" >/dev/null || { echo "E kset $text" >>"$log"; exit 1; }
        echo "A kset $text" >>"$log"
    fi
    k=$((k + 1))
done
