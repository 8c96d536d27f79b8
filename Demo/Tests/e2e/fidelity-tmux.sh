#!/usr/bin/env bash
# The three screens as the articles show them (issue 39), driven in tmux as a user drives them,
# under LANG=ja_JP.UTF-8 (the articles' words, exactly) and LANG=en_US.UTF-8, and in English
# when LANG is C or unset. Each element the articles show is checked on screen, in its colour
# where the article gives one, and no screen shows the other language's words.
#
#   bash Tests/e2e/fidelity-tmux.sh       (needs tmux; SKIP_BUILD=1 reuses the last build)
set -euo pipefail
cd "$(dirname "$0")/../.."

# MVVM_BIN_DIR: run the binaries there (.ci/run's copies, while it rebuilds .build), no build.
if [[ -z "${MVVM_BIN_DIR:-}" && "${SKIP_BUILD:-}" != 1 ]]; then
    swift build --product mvvm-demo
    swift build --product demo-server
fi
BIN="${MVVM_BIN_DIR:-$(swift build --show-bin-path)}/mvvm-demo"
SERVER_BIN="$(dirname "$BIN")/demo-server"
SESSION="mvvm-fidelity-$$"
TMUX_DIR="$(mktemp -d)"
tmux() { command tmux -f /dev/null -S "$TMUX_DIR/socket" "$@"; }
TRIES="${TRIES:-100}"
DEMO_TMP="$(mktemp -d)"
DEMO_CACHE="$(mktemp -d)"
FAULT_DB="$(mktemp -d)"
fault_pid=""
cleanup() {
    tmux kill-server 2>/dev/null || true
    if [[ -n "$fault_pid" ]]; then kill "$fault_pid" 2>/dev/null || true; fi
    rm -rf "$TMUX_DIR" "$DEMO_TMP" "$DEMO_CACHE" "$FAULT_DB"
}
trap cleanup EXIT

screen() { tmux capture-pane -p -t "$SESSION"; }
# The pane with its colours (SGR sequences), for the article's colours.
# -N: trailing spaces kept. Without it tmux drops a row's trailing spaces, even in reverse video,
# when no cell after them was written: a highlight drawn over a frame that was blank (the demo's
# first frame is, while the account's data opens) would read as ending at its text.
coloured() { tmux capture-pane -N -e -p -t "$SESSION"; }
fail() { echo "FAIL ($lang): $1" >&2; echo "--- screen ---" >&2; screen >&2; exit 1; }
# poll COMMAND...: runs COMMAND every 0.2 s until it succeeds, at most TRIES times.
poll() {
    local i
    for ((i = 0; i < TRIES; i++)); do
        if "$@"; then return 0; fi
        sleep 0.2
    done
    return 1
}
shows() { screen | grep -Eq -- "$1"; }
shows_coloured() { coloured | grep -Eq -- "$1"; }
wait_for() { poll shows "$1" || fail "$2 (waited for: $1)"; }
expect_text() { screen | grep -Fq -- "$1" || fail "$2 (no \"$1\")"; }
refuse_text() { if screen | grep -Eq -- "$1"; then fail "$2 (found: $1)"; fi; }
# wait_for_coloured PATTERN DESCRIPTION: PATTERN (grep -E, over the SGR-coded pane).
wait_for_coloured() { poll shows_coloured "$1" || fail "$2"; }

# demo LANG ARGUMENTS: runs the demo in the pane with that locale (LC_ALL and LC_MESSAGES unset).
# An empty LANG is unset: no locale variable at all.
demo() {
    local locale="LANG='$1'"
    [[ -n "$1" ]] || locale="-u LANG"
    tmux send-keys -t "$SESSION" "clear; env -u LC_ALL -u LC_MESSAGES $locale TMPDIR='$DEMO_TMP' XDG_CACHE_HOME='$DEMO_CACHE' COLORTERM=truecolor '$BIN' $2" Enter
}
demo_gone() { ! pgrep -P "$(tmux list-panes -t "$SESSION" -F '#{pane_pid}')" -x mvvm-demo >/dev/null; }
quit() {
    tmux send-keys -t "$SESSION" C-c
    poll demo_gone || fail "the demo did not quit"
}

tmux new-session -d -s "$SESSION" -x 100 -y 30 "bash --norc --noprofile"
tmux send-keys -t "$SESSION" "PS1='$ '" Enter

# A server whose every answer is a 503: the article's error message carries the code.
fault_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$SERVER_BIN" --port "$fault_port" --database "$FAULT_DB/users.sqlite" --users 50 --no-auth --fault status=503 >/dev/null 2>&1 &
fault_pid=$!

ESC=$'\e'
GREEN="${ESC}\\[32m"
GREY="${ESC}\\[38;2;128;128;128m"
RED="${ESC}\\[31m"

for lang in ja_JP.UTF-8 en_US.UTF-8 C ""; do
    if [[ "$lang" == ja_JP.UTF-8 ]]; then
        title='^ ユーザー \(有効 [0-9]+\)'; placeholder='ユーザーを検索'; filter_title='フィルター'
        filter_message='表示するユーザーを選択'; all='1 ✓ すべて'; active='2   有効'; inactive='3   無効'; cancel='n キャンセル'
        actions='t (無効化|有効化)  d 削除'; empty='データが見つかりませんでした'; server_error='サーバーエラー \(コード: 503\)'
        other='Search|Filter|Delete|Refresh|Back|Loading'
        registration='新規登録'; blank='空欄があります'; mismatch='パスワードが確認用と一致していません'; ready='登録可能です'
        registered='登録！'; ok='Enter ok'; weather='天気予報'; other_registration='Sign up|Register|blank'
    else
        title='^ Users \([0-9]+ active\)'; placeholder='Search users'; filter_title='Filter'
        filter_message='Choose which users to show'; all='1 ✓ All'; active='2   Active'; inactive='3   Inactive'; cancel='n Cancel'
        actions='t (Deactivate|Activate)  d Delete'; empty='No users found'; server_error='Server error \(code: 503\)'
        other='検索|フィルター|削除|更新|戻る|読み込み'
        registration='Sign up'; blank='A field is blank'; mismatch='The password does not match its confirmation'; ready='Ready to register'
        registered='Registered!'; ok='Enter OK'; weather='Weather forecast'; other_registration='新規登録|登録|空欄'
    fi

    # --- The user list (article 000) ---
    demo "$lang" "--open users"
    wait_for "$title" "the title with the active count, saying what it counts"
    wait_for '^ [^●○]{1,3} ● ' "the first rows"
    expect_text "$placeholder" "the search field's placeholder"
    wait_for "$actions" "the row actions with the article's labels"
    refuse_text "$other" "the other language's words on the list"
    wait_for_coloured "${GREEN}●" "a green dot for an active user"
    wait_for_coloured "${GREY}●" "a grey dot for an inactive user"
    tmux send-keys -t "$SESSION" f
    wait_for "$filter_message" "the filter sheet's message"
    wait_for "─ $filter_title ─" "the sheet's title"
    expect_text "$all" "the current option, checked"
    expect_text "$active" "the active option"
    expect_text "$inactive" "the inactive option"
    expect_text "$cancel" "the sheet's cancel button"
    tmux send-keys -t "$SESSION" 2
    wait_for "${title}" "the list after choosing a filter"
    tmux send-keys -t "$SESSION" f
    wait_for "${active/2   /2 ✓ }" "the chosen option checked when the sheet opens again"
    tmux send-keys -t "$SESSION" n
    tmux send-keys -t "$SESSION" /
    tmux send-keys -t "$SESSION" -l "zzzz-nobody"
    wait_for "$empty" "the empty state in the article's words"
    # The search is kept across starts (issue 40): cleared here, the next start's list is whole.
    for _ in {1..11}; do tmux send-keys -t "$SESSION" BSpace; done
    wait_for '^ [^●○]{1,3} ● ' "the rows again once the search is cleared"
    quit

    # The article's error mapping, with the status code: in place of the rows with nothing saved,
    # and beside the saved rows otherwise.
    demo "$lang" "--api-url http://127.0.0.1:$fault_port --open users --cache-dir '$DEMO_TMP/empty-cache'"
    wait_for "$server_error" "a server error with its code, nothing saved"
    quit
    demo "$lang" "--api-url http://127.0.0.1:$fault_port --open users"
    wait_for "$server_error" "a server error with its code, beside the saved rows"
    quit

    # --- Registration (article 001) ---
    demo "$lang" "--open registration"
    wait_for "^ $registration" "the registration form"
    wait_for_coloured "${RED}${blank}" "the blank message, in red"
    tmux send-keys -t "$SESSION" -l "fidelity${RANDOM}"
    tmux send-keys -t "$SESSION" Tab
    tmux send-keys -t "$SESSION" -l "Passw0rd1"
    tmux send-keys -t "$SESSION" Tab
    tmux send-keys -t "$SESSION" -l "Passw0rd2"
    wait_for_coloured "${RED}${mismatch}" "the mismatch message, in red"
    tmux send-keys -t "$SESSION" BSpace
    tmux send-keys -t "$SESSION" -l "1"
    wait_for_coloured "${GREEN}${ready}" "the ready message, in green"
    refuse_text "$other_registration" "the other language's words on the form"
    tmux send-keys -t "$SESSION" Tab Enter
    wait_for "$registered" "article 001's success alert"
    expect_text "$ok" "its ok button"
    quit

    # --- Weather (article 002): opens on Tokyo ---
    demo "$lang" "--open weather"
    wait_for "^ $weather" "the weather screen"
    wait_for_coloured "${ESC}\\[7m東京 " "Tokyo (130010) selected at once"
    wait_for '東京都 東京' "Tokyo's forecast"
    quit
done

echo "PASS: the three screens as the articles show them, in Japanese and in English (LANG=C and unset: English)"
