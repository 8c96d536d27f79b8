#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time on a copy of its seed corpus.
#
#   Fuzz/run-all.sh                      every target, FUZZ_SECONDS (default 45) each
#   Fuzz/run-all.sh key-decoder ...      only the named targets
#   FUZZ_SECONDS=600 Fuzz/run-all.sh search-index
#
# Environment:
#   FUZZ_SECONDS     how long each target runs (libFuzzer -max_total_time); default 45
#   FUZZ_BUILD_DIR   where the binaries go; default .build-fuzz at the repository root (git-ignored)
#   FUZZ_WORK_DIR    where corpora are copied and crash inputs saved; default a new temp dir (kept)
#   FUZZ_OPTIMIZE    swiftc optimisation flag; default -O
#   FUZZ_BUILD_ONLY  1: build, do not run
#
# Each target is compiled with `swiftc -sanitize=fuzzer,address` from its harness and the library
# source files it exercises, in one module, so internal API is reachable without the rest of the
# package (no Hummingbird, GRDB or SwiftNIO; nothing to resolve). Builds take the machine's
# build lock (/tmp/swift-build.lock) when flock is available.
#
# The committed corpus (Fuzz/Corpus/<target>) is never written to: the fuzzer works on a copy.
# Exit status: 0 when every target ran clean; 1 when any target crashed, failed an invariant,
# timed out or ran out of memory (each crash input's path and hex dump are printed); 2 when a
# build failed.
set -euo pipefail

fuzz_dir="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$fuzz_dir/.." && pwd)"
seconds="${FUZZ_SECONDS:-45}"
build_dir="${FUZZ_BUILD_DIR:-$root/.build-fuzz}"
optimize="${FUZZ_OPTIMIZE:--O}"

if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

all_targets=(key-decoder terminal-text fault-plan dto-decoding search-index outbox-journal record-journal png-decoder)

# The library sources each target compiles, relative to the repository root.
sources_for() {
    case "$1" in
    key-decoder)
        echo Sources/MVVMTerminal/Input/Key.swift Sources/MVVMTerminal/Input/KeyDecoder.swift
        echo Fuzz/Harnesses/KeyDecoderFuzz.swift ;;
    terminal-text)
        echo Sources/MVVMTerminal/Text/TerminalText.swift Sources/MVVMTerminal/Text/DisplayWidth.swift
        echo Sources/MVVMTerminal/Text/EastAsianWide.swift Sources/MVVMTerminal/Text/DisplayWidth+Uncertain.swift
        echo Fuzz/Harnesses/TerminalTextFuzz.swift ;;
    fault-plan)
        echo Demo/Sources/DemoServer/Faults/FaultPlan.swift Demo/Sources/DemoServer/Faults/FaultPlan+Parse.swift
        echo Demo/Sources/DemoServer/Faults/FaultPlan+Description.swift Demo/Sources/DemoServer/Faults/FaultPlanParseError.swift
        echo Demo/Sources/DemoServer/Support/Int+DigitsOnly.swift Demo/Sources/DemoServer/Support/StringProtocol+Trimming.swift
        echo Demo/Sources/DemoServer/Support/QuotedValue.swift
        echo Fuzz/Harnesses/FaultPlanFuzz.swift ;;
    dto-decoding)
        echo Demo/Examples/Weather/Data/ForecastDTO.swift Demo/Examples/Weather/Data/ForecastMapping.swift
        echo Demo/Examples/Weather/Model/Forecast.swift Fuzz/Support/WeatherErrorStub.swift
        echo Demo/Examples/UserList/Data/UserDTO.swift Demo/Examples/UserList/Model/User.swift
        echo Fuzz/Harnesses/DTODecodingFuzz.swift ;;
    search-index)
        echo Sources/MVVMCollections/Search/SearchIndex.swift Sources/MVVMCollections/Search/SearchFolding.swift
        echo Fuzz/Harnesses/SearchIndexFuzz.swift ;;
    outbox-journal)
        echo Sources/MVVMData/Outbox/Storage/OutboxJournalFormat.swift Sources/MVVMData/Outbox/Storage/OutboxRecord.swift
        echo Sources/MVVMData/Local/Journal/JournalFraming.swift
        echo Sources/MVVMData/Local/CacheEntryFile.swift Sources/MVVMData/Local/CacheEntry.swift
        echo Fuzz/Harnesses/OutboxJournalFuzz.swift ;;
    record-journal)
        echo Sources/MVVMData/Records/Storage/RecordJournalFormat.swift Sources/MVVMData/Records/Storage/SavedRecord.swift Sources/MVVMData/Records/Query/RecordFieldValue.swift
        echo Sources/MVVMData/Local/Journal/JournalFraming.swift
        echo Sources/MVVMData/Local/CacheEntryFile.swift Sources/MVVMData/Local/CacheEntry.swift
        echo Fuzz/Harnesses/RecordJournalFuzz.swift ;;
    png-decoder)
        (cd "$root" && echo Sources/MVVMPNG/*.swift)
        echo Fuzz/Harnesses/PNGDecoderFuzz.swift ;;
    *)
        echo "error: unknown fuzz target '$1' (targets: ${all_targets[*]})" >&2
        return 1 ;;
    esac
    echo Fuzz/Support/FuzzSupport.swift
}

# Extra swiftc flags of a target, relative to the repository root: C modules and libraries.
extra_flags_for() {
    case "$1" in
    png-decoder) echo -I Sources/CZlib -lz ;;  # the system's zlib, through CZlib's module map
    esac
}

build() {
    local target="$1" sources module extra lock=()
    sources=$(sources_for "$target")
    extra=$(extra_flags_for "$target")
    module="Fuzz_${target//-/_}"
    command -v flock >/dev/null 2>&1 && lock=(flock /tmp/swift-build.lock)
    # shellcheck disable=SC2086 # $sources and $extra are lists of words without spaces
    (cd "$root" && "${lock[@]}" swiftc \
        -sanitize=fuzzer,address -parse-as-library "$optimize" -g \
        -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
        -use-ld=lld -package-name swift_mvvm -module-name "$module" \
        -module-cache-path "$build_dir/module-cache" -Xcc -fmodules-cache-path="$build_dir/module-cache" \
        $extra $sources -o "$build_dir/$target")
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do sources_for "$target" >/dev/null; done

mkdir -p "$build_dir"
for target in "${targets[@]}"; do
    start=$SECONDS
    printf '==> build %s\n' "$target"
    if ! build "$target"; then
        echo "error: the fuzz target '$target' did not build." >&2
        exit 2
    fi
    printf '    built in %ds\n' $((SECONDS - start))
done
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

work="${FUZZ_WORK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/swift-mvvm-fuzz.XXXXXX")}"
mkdir -p "$work"
echo "==> work directory: $work (corpus copies, logs, crash inputs)"

failed=()
for target in "${targets[@]}"; do
    corpus="$work/corpus/$target"
    artifacts="$work/artifacts/$target"
    log="$work/$target.log"
    mkdir -p "$corpus" "$artifacts"
    if [ -d "$fuzz_dir/Corpus/$target" ]; then
        cp -R "$fuzz_dir/Corpus/$target/." "$corpus/"
    fi
    dict=()
    [ -f "$fuzz_dir/Dictionaries/$target.dict" ] && dict=("-dict=$fuzz_dir/Dictionaries/$target.dict")
    start=$SECONDS
    printf '==> fuzz %s for %ss (log: %s)\n' "$target" "$seconds" "$log"
    status=0
    # SWIFT_BACKTRACE: the Swift runtime's backtracer reads the stack in ways ASan reports as a
    # second, misleading error; libFuzzer prints the stack itself.
    SWIFT_BACKTRACE=enable=no "$build_dir/$target" "$corpus" "${dict[@]}" \
        -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -max_len=8192 \
        -use_value_profile=1 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | sed 's/^/    /' || true
    crashes=$(find "$artifacts" -type f | sort)
    if [ "$status" -ne 0 ] || [ -n "$crashes" ]; then
        failed+=("$target")
        echo "FAILED: $target (exit status $status, after $((SECONDS - start))s). From its log ($log):" >&2
        first=$(grep -n -m1 -E 'Fatal error|==ERROR|deadly signal|ALARM|out-of-memory|leak' "$log" | cut -d: -f1 || true)
        if [ -n "$first" ]; then
            sed -n "$((first > 3 ? first - 3 : 1)),$((first + 30))p" "$log" >&2
        else
            tail -n 30 "$log" >&2
        fi
        for input in $crashes; do
            echo "crash input: $input" >&2
            od -An -tx1 -v "$input" | head -n 64 >&2
        done
    else
        printf '    clean after %ds\n' $((SECONDS - start))
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "error: fuzz targets failed: ${failed[*]}. Reproduce one with: $build_dir/<target> <crash input>" >&2
    exit 1
fi
echo "==> every fuzz target ran clean"
