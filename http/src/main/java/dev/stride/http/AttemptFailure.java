package dev.stride.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.ProtocolException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import javax.net.ssl.SSLException;

/**
 * An I/O failure of one attempt, named for a message, and whether another attempt may heal it. A failed TLS handshake
 * (an {@code https://} URI on a plain HTTP port, a certificate not trusted) and an answer that is not HTTP never heal.
 * An unknown host or a connection refused heal only at a host that has answered before: there they are a server
 * restarting or a name server's hiccup, while on first contact they are a wrong address, which retries would only
 * make the user wait for. Every other failure (a reset, a body cut short) may heal.
 *
 * @param why what failed, naming the host
 * @param healing whether another attempt may go better
 */
record AttemptFailure(String why, Healing healing) {

    enum Healing {
        MAY_HEAL,
        /** Heals only at a host that answered an earlier request. */
        ONCE_REACHED,
        NEVER
    }

    /** The failure of an attempt at {@code host} ({@code name:port}) that threw {@code e}. */
    static AttemptFailure of(IOException e, String host) {
        // a TLS exception over a broken connection is that connection's failure (a reset during the handshake)
        if (e instanceof SSLException && e.getCause() instanceof IOException io && !(io instanceof SSLException)) {
            return of(io, host);
        }
        if (e instanceof SSLException) {
            return new AttemptFailure("the TLS handshake with " + host + " failed (" + describe(e) + ")", Healing.NEVER);
        }
        if (e instanceof ProtocolException) {
            return new AttemptFailure(host + " does not answer in HTTP/1.1 (" + describe(e) + ")", Healing.NEVER);
        }
        if (e instanceof UnknownHostException || e instanceof ConnectException && e.getCause() instanceof UnresolvedAddressException) {
            return new AttemptFailure("the host " + host.substring(0, host.lastIndexOf(':')) + " is unknown (its name does not resolve)",
                    Healing.ONCE_REACHED);
        }
        if (e instanceof ConnectException || e instanceof NoRouteToHostException) {
            return new AttemptFailure("cannot connect to " + host + (e.getMessage() == null ? "" : ": " + e.getMessage()), Healing.ONCE_REACHED);
        }
        return new AttemptFailure(describe(e), Healing.MAY_HEAL);
    }

    /** Whether another attempt is worth making, given whether the host has answered before. */
    boolean mayHeal(boolean hostAnsweredBefore) {
        return healing == Healing.MAY_HEAL || healing == Healing.ONCE_REACHED && hostAnsweredBefore;
    }

    /** The reason for a message: why, and, when the host's first contact failed for good, that it was not retried. */
    String reason(boolean hostAnsweredBefore) {
        return healing == Healing.ONCE_REACHED && !hostAnsweredBefore ? why + "; not retried, as nothing has answered there yet" : why;
    }

    static String describe(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
