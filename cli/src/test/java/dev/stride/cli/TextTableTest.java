package dev.stride.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TextTableTest {
    @Test
    void wideAndCombiningCharactersArePaddedByTheColumnsTheyTake() {
        // 東京 takes four columns, e + a combining acute one, 🚀 two: the second column starts at the same place on every line
        List<String> lines = TextTable.lines(List.of("city", "n"), new boolean[] {false, true},
                List.of(new String[] {"東京", "1"}, new String[] {"cafe\u0301", "22"}, new String[] {"🚀", "3"}, new String[] {"Oslo", "4"}));
        assertEquals(List.of(
                "city   n",
                "東京   1",
                "cafe\u0301  22",
                "🚀     3",
                "Oslo   4"), lines);
    }

    @Test
    void columnsCountsTerminalCells() {
        assertEquals(4, TextTable.columns("東京"));
        assertEquals(4, TextTable.columns("cafe\u0301"));
        assertEquals(3, TextTable.columns("ｱ\uFF21")); // halfwidth katakana one column, fullwidth A two
        assertEquals(0, TextTable.columns("\u200d"));
    }
}
