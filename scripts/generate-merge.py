#!/usr/bin/env python3
"""Writes Sources/MVVMOpenCombine/Operators/Merge/: Combine's Merge family, one file each for
Merge ... Merge8 and MergeMany, and every `merge(with:)` overload in Publisher+Merge.swift, for
Linux, where OpenCombine 0.14 has none.

Run from the repository root after changing it: python3 scripts/generate-merge.py
"""
import glob
import os

LETTERS = "ABCDEFGH"
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
NEW_NAMES = "ZYXWVU"   # Combine's names for the publishers a MergeN's merge(with:) adds


def type_name(n):
    return "Merge" if n == 2 else f"Merge{n}"


def chained(names, what):
    return ", ".join(f"{a}.{what} == {b}.{what}" for a, b in zip(names, names[1:]))


def merge_struct(n):
    letters = LETTERS[:n]
    params = ", ".join(f"{l}: Publisher" for l in letters)
    lower = [l.lower() for l in letters]
    out = []
    if n == 2:
        out.append("""    /// A publisher created by applying the merge function to two upstream publishers.
    ///
    /// Every element of every upstream is published as it arrives. It finishes when every
    /// upstream has finished, and fails as soon as one fails (cancelling them all). With a
    /// limited demand each upstream is asked for one element at a time, and an element that
    /// arrives while the subscriber has no demand waits in its upstream's slot (the latest one
    /// wins), so a slow subscriber never makes a buffer grow. See `MergeSubscription` for every
    /// rule.
    ///
    /// ```swift
    /// Publishers.Merge(input.fetchTrigger, input.refreshTrigger)   // fetch and refresh, one stream
    /// ```""")
    else:
        out.append(f"""    /// A publisher created by applying the merge function to {COUNT_WORDS[n]} upstream publishers.
    ///
    /// See ``Merge`` for the rules.""")
    out.append(f"    public struct {type_name(n)}<{params}>: Publisher")
    out.append(f"    where {chained(letters, 'Failure')}, {chained(letters, 'Output')} {{")
    out.append("""        /// The upstreams' output type.
        public typealias Output = A.Output
        /// The upstreams' failure type.
        public typealias Failure = A.Failure
""")
    for i, l in enumerate(lower):
        out.append(f"        /// The {ORDINALS[i]} upstream.")
        out.append(f"        public let {l}: {letters[i]}")
    args = ", ".join(f"_ {l}: {L}" for l, L in zip(lower, letters))
    names = ", ".join(f"`{l}`" for l in lower[:-1]) + f" and `{lower[-1]}`"
    out.append(f"\n        /// Merges the elements of {names}.")
    out.append(f"        public init({args}) {{")
    for l in lower:
        out.append(f"            self.{l} = {l}")
    out.append("        }\n")
    out.append(f"""        /// Attaches `subscriber`, then subscribes to the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {{
            MergeSubscription(downstream: subscriber, upstreamCount: {n}).start {{ merger in""")
    for i, l in enumerate(lower):
        out.append(f"                merger.attach({l}, at: {i}) {{ $0 }}")
    out.append("            }\n        }")
    # merge(with:) overloads on this type
    for extra in range(1, 9 - n):
        new = NEW_NAMES[:extra] if extra > 1 else "P"
        generics = ", ".join(f"{p}: Publisher" for p in new)
        result = f"{type_name(n + extra)}<{', '.join(letters)}, {', '.join(new)}>"
        if extra == 1:
            sig = "with other: P"
            call = f"{', '.join(lower)}, other"
        else:
            sig = "with " + ", _ ".join(f"{p.lower()}: {p}" for p in new)
            call = f"{', '.join(lower)}, {', '.join(p.lower() for p in new)}"
        chain = [letters[-1]] + list(new)
        where = f"{chained(chain, 'Failure')}, {chained(chain, 'Output')}"
        what = "one more publisher" if extra == 1 else f"{COUNT_WORDS.get(extra, str(extra))} more publishers"
        out.append(f"""
        /// Merges {what} in, after this one's upstreams.
        public func merge<{generics}>({sig}) -> {result}
        where {where} {{
            {type_name(n + extra)}({call})
        }}""")
    out.append("    }\n")
    return "\n".join(out)


def publisher_merge(others):
    new = LETTERS[1:others + 1]
    generics = ", ".join(f"{l}: Publisher" for l in new)
    sig = "with " + ", _ ".join(f"{l.lower()}: {l}" for l in new)
    chain = ["Self"] + list(new)
    pairs_f = ", ".join(f"{'Failure' if a == 'Self' else a + '.Failure'} == {b}.Failure" for a, b in zip(chain, chain[1:]))
    pairs_o = ", ".join(f"{'Output' if a == 'Self' else a + '.Output'} == {b}.Output" for a, b in zip(chain, chain[1:]))
    if others == 1:
        sig = "with other: B"
        call = "self, other"
        doc = "this publisher and `other`"
    else:
        call = "self, " + ", ".join(l.lower() for l in new)
        doc = f"this publisher and {COUNT_WORDS.get(others, str(others))} others"
    result = f"Publishers.{type_name(others + 1)}<Self, {', '.join(new)}>"
    return f"""    /// Merges the elements of {doc}.
    public func merge<{generics}>({sig}) -> {result}
    where {pairs_f}, {pairs_o} {{
        Publishers.{type_name(others + 1)}({call})
    }}
"""


HEADER = """// GENERATED by scripts/generate-merge.py: edit the script, not this file.
#if !canImport(Combine)
// Combine's `Merge` family, for platforms where only OpenCombine exists. Same names, same shapes,
// same behaviour (`MergeSubscription`); on Apple platforms Combine's own types are used instead.
"""
FOLDER = "Sources/MVVMOpenCombine/Operators/Merge"


def write(name, body):
    with open(f"{FOLDER}/{name}.swift", "w") as file:
        file.write(HEADER + "\n" + body + "#endif\n")


os.makedirs(FOLDER, exist_ok=True)
for old in glob.glob(f"{FOLDER}/*.swift") + ["Sources/MVVMOpenCombine/Operators/Merge.swift"]:
    if os.path.exists(old):
        os.remove(old)

# One file for each MergeN, with its Equatable conformance.
for n in range(2, 9):
    letters = LETTERS[:n]
    equatable = f"extension Publishers.{type_name(n)}: Equatable where {', '.join(f'{l}: Equatable' for l in letters)} {{}}\n"
    write(type_name(n), "extension Publishers {\n" + merge_struct(n) + "}\n\n" + equatable)

write("MergeMany", """extension Publishers {
    /// A publisher created by applying the merge function to any number of upstream publishers
    /// of one type.
    ///
    /// See ``Merge`` for the rules. With no upstream at all it finishes at the first request.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        /// The upstreams' output type.
        public typealias Output = Upstream.Output
        /// The upstreams' failure type.
        public typealias Failure = Upstream.Failure

        /// The upstreams, in the order given.
        public let publishers: [Upstream]

        /// Merges the elements of the given publishers.
        public init(_ upstream: Upstream...) {
            self.publishers = upstream
        }

        /// Merges the elements of the publishers in `upstream`.
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            self.publishers = Array(upstream)
        }

        /// Attaches `subscriber`, then subscribes to the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription(downstream: subscriber, upstreamCount: publishers.count).start { merger in
                for (index, publisher) in publishers.enumerated() {
                    merger.attach(publisher, at: index) { $0 }
                }
            }
        }

        /// Merges one more publisher in, after the others.
        public func merge(with other: Upstream) -> MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}
""")

overloads = ["extension Publisher {"]
for others in range(1, 8):
    overloads.append(publisher_merge(others))
overloads.append("""    /// Merges the elements of this publisher and another of the same type.
    public func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}
""")
write("Publisher+Merge", "\n".join(overloads))
