package dev.stride.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The text grammar of {@link Predicate}: what each form reads as, precedence, and the exact errors. */
class PredicateParserTest {
    private static Predicate.Field f(String path) {
        return new Predicate.Field(path);
    }

    private static Predicate.Number n(String v) {
        return new Predicate.Number(new BigDecimal(v));
    }

    private static Predicate.Compare cmp(String field, Predicate.Op op, Predicate.Literal v) {
        return new Predicate.Compare(f(field), op, v);
    }

    @Test
    void theIssuesExamples() {
        assertEquals(new Predicate.And(List.of(cmp("speed", Predicate.Op.GT, n("30")),
                        cmp("time", Predicate.Op.GE, new Predicate.DateTime(Instant.parse("2026-03-01T00:00:00Z"))))),
                Predicate.parse("speed > 30 and time >= 2026-03-01"));
        assertEquals(new Predicate.Or(List.of(new Predicate.Not(new Predicate.In(f("a"), List.of(n("1"), n("2"), n("3")))),
                        new Predicate.IsNaN(f("x")))),
                Predicate.parse("not (a in (1,2,3)) or isnan(x)"));
    }

    @Test
    void andBindsTighterThanOrAndNotTighterThanAnd() {
        assertEquals(new Predicate.Or(List.of(cmp("a", Predicate.Op.EQ, n("1")),
                        new Predicate.And(List.of(new Predicate.Not(cmp("b", Predicate.Op.EQ, n("2"))), cmp("c", Predicate.Op.EQ, n("3")))))),
                Predicate.parse("a = 1 OR NOT b == 2 And c = 3"));
    }

    @Test
    void everyForm() {
        assertEquals(new Predicate.Not(new Predicate.IsNaN(f("x"))), Predicate.parse("x is not nan"));
        assertEquals(new Predicate.IsNaT(f("t")), Predicate.parse("t IS NaT"));
        assertEquals(new Predicate.IsNaT(f("p.t")), Predicate.parse("isnat(p.t)"));
        assertEquals(new Predicate.Between(new Predicate.Index(1), n("0"), n("9")), Predicate.parse("@1 between 0 and 9"));
        assertEquals(new Predicate.Not(new Predicate.Between(f("x"), n("-1.5"), n("2e3"))), Predicate.parse("x not between -1.5 and +2e3"));
        assertEquals(new Predicate.Not(new Predicate.In(f("x"), List.of(new Predicate.Special(Double.NaN)))), Predicate.parse("x not in (nan)"));
        assertEquals(cmp("odd name.and", Predicate.Op.NE, new Predicate.Special(Double.NEGATIVE_INFINITY)),
                Predicate.parse("`odd name.and` != -inf"));
        assertEquals(cmp("a`b", Predicate.Op.NE, new Predicate.Special(Double.POSITIVE_INFINITY)), Predicate.parse("`a``b` <> Infinity"));
        assertEquals(cmp("p.k", Predicate.Op.LE, new Predicate.Bool(true)), Predicate.parse("p.k<=true"));
        assertEquals(cmp("t", Predicate.Op.LT, new Predicate.DateTime(Instant.parse("2026-03-01T12:30:05.25Z"))),
                Predicate.parse("t < 2026-03-01T12:30:05.25"));
        assertEquals(cmp("x", Predicate.Op.EQ, n("-0.0")), Predicate.parse("x = -0.0"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "speed >|8 (the end): expected a value (a number, nan, inf, true, false or a date such as 2026-03-01)",
            "speed > 30 and|15 (the end): expected a field or an index coordinate (@0)",
            "speed ~ 3|7 ('~'): unexpected character",
            "(a = 1|7 (the end): expected ')' to close the '('",
            "a = 2026-02-30|5 ('2026-02-30'): is no valid date or time",
            "a|2 (the end): expected a comparison (= != < <= > >=), between, in or is after a",
            "a = 1 b|7 ('b'): expected and, or or the end",
            "x between 1 or 2|13 ('or'): expected 'and' between the two ends of between",
            "x in 1|6 ('1'): expected '(' after 'in'",
            "x is null|6 ('null'): expected nan or nat after 'is'",
            "`x = 1|1 (the end): the name in backticks is not closed",
            "= 1|1 ('='): expected a field or an index coordinate (@0)"})
    void errorsNameTheCharacterAndWhatWasExpected(String text, String message) {
        ZarrException e = assertThrows(ZarrException.BadRequest.class, () -> Predicate.parse(text));
        assertEquals("cannot read the condition \"" + text + "\" at character " + message, e.getMessage());
    }

    @Test
    void recordsRefuseWhatNoConditionMeans() {
        assertThrows(ZarrException.BadRequest.class, () -> new Predicate.In(f("x"), List.of()));
        assertThrows(ZarrException.BadRequest.class, () -> new Predicate.And(List.of()));
        assertThrows(ZarrException.BadRequest.class, () -> new Predicate.Special(1.0));
        assertThrows(ZarrException.BadRequest.class, () -> new Predicate.Index(-1));
        assertThrows(ZarrException.BadRequest.class, () -> Predicate.parse(null));
    }
}
