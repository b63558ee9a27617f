package io.gsnode.formats.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PrintableTest {

    @Test
    void escapeSequencesAreShownNotActedOnAndLongTextIsCut() {
        assertEquals("\\u001b]0;owned\\u0007 exit 3\\u000a", Printable.of("\u001b]0;owned\u0007 exit 3\n", 100));
        assertEquals("abc...", Printable.of("abcdef", 3));
        assertEquals("plain", Printable.of("plain", 5));
    }
}
