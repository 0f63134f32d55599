package dev.stride.model;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of a {@link Predicate}: a recursive descent over a small grammar (or, and, not, comparisons, between,
 * in, is nan, isnan(...)), keywords in any case. Every error names the character it was found at, counted from 1, so
 * a long {@code --where} can be fixed without guessing.
 */
final class PredicateParser {
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Pattern DATE = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?)?Z?");
    private static final Pattern NUMBER = Pattern.compile("(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?");
    /** A dotted path of plain names, with the indices of an element of a shaped field. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*(?:\\[\\d+])*");
    private static final Pattern INDEX = Pattern.compile("@(\\d{1,9})");
    private static final Pattern SYMBOL = Pattern.compile("==|!=|<>|<=|>=|[=<>(),+-]");

    private enum Kind { NAME, QUOTED, NUMBER, DATE, INDEX, SYMBOL, END }

    private record Token(Kind kind, String text, int at) {
        boolean is(String word) {
            return (kind == Kind.NAME || kind == Kind.SYMBOL) && text.equalsIgnoreCase(word);
        }

        String shown() {
            return kind == Kind.END ? "the end" : "'" + text + "'";
        }
    }

    private final String text;
    private final List<Token> tokens = new ArrayList<>();
    private int next;

    PredicateParser(String text) {
        this.text = text;
    }

    Predicate parse() {
        lex();
        Predicate p = or();
        Token end = peek();
        if (end.kind() != Kind.END) {
            throw error(end, "expected and, or or the end");
        }
        return p;
    }

    private void lex() {
        int at = 0;
        while (true) {
            Matcher space = SPACE.matcher(text).region(at, text.length());
            if (space.lookingAt()) {
                at = space.end();
            }
            if (at == text.length()) {
                tokens.add(new Token(Kind.END, "", at));
                return;
            }
            at = text.charAt(at) == '`' ? quoted(at) : token(at);
        }
    }

    /** A name in backticks, which may hold any character; a doubled backtick is one. */
    private int quoted(int at) {
        StringBuilder name = new StringBuilder();
        int i = at + 1;
        while (true) {
            if (i >= text.length()) {
                throw error(new Token(Kind.END, "", at), "the name in backticks is not closed");
            }
            char c = text.charAt(i);
            if (c == '`' && i + 1 < text.length() && text.charAt(i + 1) == '`') {
                name.append('`');
                i += 2;
            } else if (c == '`') {
                tokens.add(new Token(Kind.QUOTED, name.toString(), at));
                return i + 1;
            } else {
                name.append(c);
                i++;
            }
        }
    }

    private int token(int at) {
        for (Kind kind : new Kind[] {Kind.DATE, Kind.NUMBER, Kind.NAME, Kind.INDEX, Kind.SYMBOL}) {
            Pattern p = switch (kind) {
                case DATE -> DATE;
                case NUMBER -> NUMBER;
                case NAME -> NAME;
                case INDEX -> INDEX;
                default -> SYMBOL;
            };
            Matcher m = p.matcher(text).region(at, text.length());
            if (m.lookingAt()) {
                tokens.add(new Token(kind, m.group(), at));
                return m.end();
            }
        }
        throw error(new Token(Kind.SYMBOL, text.substring(at, at + 1), at), "unexpected character");
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        return tokens.get(next++);
    }

    private boolean accept(String word) {
        if (peek().is(word)) {
            next++;
            return true;
        }
        return false;
    }

    private void expect(String word, String context) {
        if (!accept(word)) {
            throw error(peek(), "expected '" + word + "' " + context);
        }
    }

    private Predicate or() {
        List<Predicate> parts = new ArrayList<>(List.of(and()));
        while (accept("or")) {
            parts.add(and());
        }
        return parts.size() == 1 ? parts.getFirst() : new Predicate.Or(parts);
    }

    private Predicate and() {
        List<Predicate> parts = new ArrayList<>(List.of(not()));
        while (accept("and")) {
            parts.add(not());
        }
        return parts.size() == 1 ? parts.getFirst() : new Predicate.And(parts);
    }

    private Predicate not() {
        return accept("not") ? new Predicate.Not(not()) : primary();
    }

    private Predicate primary() {
        if (accept("(")) {
            Predicate inner = or();
            expect(")", "to close the '('");
            return inner;
        }
        Token t = peek();
        if ((t.is("isnan") || t.is("isnat")) && tokens.get(next + 1).is("(")) {
            next += 2;
            Predicate.Operand operand = operand();
            expect(")", "after the column of " + t.text().toLowerCase(Locale.ROOT));
            return t.is("isnan") ? new Predicate.IsNaN(operand) : new Predicate.IsNaT(operand);
        }
        return condition(operand());
    }

    private Predicate.Operand operand() {
        Token t = take();
        return switch (t.kind()) {
            case NAME -> new Predicate.Field(t.text());
            case QUOTED -> new Predicate.Field(t.text());
            case INDEX -> new Predicate.Index(Integer.parseInt(t.text().substring(1)));
            default -> throw error(t, "expected a field or an index coordinate (@0)");
        };
    }

    private Predicate condition(Predicate.Operand operand) {
        Token t = take();
        for (Predicate.Op op : Predicate.Op.values()) {
            if (t.is(op.symbol()) || op == Predicate.Op.EQ && t.is("==") || op == Predicate.Op.NE && t.is("<>")) {
                return new Predicate.Compare(operand, op, literal());
            }
        }
        if (t.is("is")) {
            boolean negated = accept("not");
            Token what = take();
            Predicate test = what.is("nan") ? new Predicate.IsNaN(operand)
                    : what.is("nat") ? new Predicate.IsNaT(operand) : null;
            if (test == null) {
                throw error(what, "expected nan or nat after 'is'");
            }
            return negated ? new Predicate.Not(test) : test;
        }
        boolean negated = t.is("not");
        Token keyword = negated ? take() : t;
        Predicate p;
        if (keyword.is("between")) {
            Predicate.Literal low = literal();
            expect("and", "between the two ends of between");
            p = new Predicate.Between(operand, low, literal());
        } else if (keyword.is("in")) {
            expect("(", "after 'in'");
            List<Predicate.Literal> values = new ArrayList<>(List.of(literal()));
            while (accept(",")) {
                values.add(literal());
            }
            expect(")", "to close the list of in");
            p = new Predicate.In(operand, values);
        } else {
            throw error(keyword, "expected a comparison (= != < <= > >=), between, in or is after " + operand);
        }
        return negated ? new Predicate.Not(p) : p;
    }

    private Predicate.Literal literal() {
        Token t = take();
        if (t.kind() == Kind.DATE) {
            return new Predicate.DateTime(instant(t));
        }
        if (t.is("true") || t.is("false")) {
            return new Predicate.Bool(t.is("true"));
        }
        if (t.is("nan")) {
            return new Predicate.Special(Double.NaN);
        }
        boolean negative = t.is("-");
        Token magnitude = negative || t.is("+") ? take() : t;
        if (magnitude.is("inf") || magnitude.is("infinity")) {
            return new Predicate.Special(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        }
        if (magnitude.kind() == Kind.NUMBER) {
            BigDecimal v = new BigDecimal(magnitude.text());
            return new Predicate.Number(negative ? v.negate() : v);
        }
        throw error(magnitude, "expected a value (a number, nan, inf, true, false or a date such as 2026-03-01)");
    }

    private Instant instant(Token t) {
        String s = t.text().endsWith("Z") ? t.text().substring(0, t.text().length() - 1) : t.text();
        try {
            return s.length() == 10 ? LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw error(t, "is no valid date or time");
        }
    }

    private ZarrException.BadRequest error(Token at, String what) {
        return new ZarrException.BadRequest(null, "cannot read the condition \"" + text + "\" at character " + (at.at() + 1)
                + " (" + at.shown() + "): " + what);
    }
}
