"""Splitting text as tflite-support's `RegexTokenizer::Tokenize` does with RE2 (google-re2):
each match of `(pattern)` is a delimiter, the text between matches a piece."""
import re2


def re2_pieces(pattern: str, value: str) -> list[str]:
    """The pieces of `value` split on `pattern` (RE2::FindAndConsume over `(pattern)`). An empty
    match is an error: the Task Library's loop would not advance past it."""
    pieces, last = [], 0
    for match in re2.compile("(" + pattern + ")").finditer(value):
        assert match.end() > match.start(), f"{pattern} matched empty in {value!r}"
        if match.start() > last:
            pieces.append(value[last:match.start()])
        last = match.end()
    if last < len(value):
        pieces.append(value[last:])
    return pieces
