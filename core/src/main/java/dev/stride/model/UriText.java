package dev.stride.model;

import java.util.regex.Pattern;

/**
 * URIs in text that others read (messages, logs) without their user information: {@code http://user:secret@host/x}
 * shows as {@code http://***@host/x}, since a password there would be printed with the URI. Every message of a
 * {@link ZarrException} goes through it, and tools print what users typed through it too.
 */
public final class UriText {
    /** A scheme and {@code //}, then an authority's user information up to its {@code @} (RFC 3986: no / ? # in it). */
    private static final Pattern USER_INFO = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\\s]*@");

    private UriText() {
    }

    /** The text with the user information of every URI in it replaced by {@code ***}; null stays null. */
    public static String redacted(String text) {
        return text == null || text.indexOf('@') < 0 ? text : USER_INFO.matcher(text).replaceAll("$1***@");
    }
}
