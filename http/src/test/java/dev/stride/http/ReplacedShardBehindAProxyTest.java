package dev.stride.http;

import dev.stride.http.testing.FaultProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The replaced-shard contract through a proxy that drops {@code If-Match} and {@code If-Unmodified-Since}, so nginx
 * answers every range from the shard as it is now: the answers' ETags and sizes tell the versions apart.
 */
class ReplacedShardBehindAProxyTest extends ReplacedShardOverHttpTest {
    private static FaultProxy proxy;

    @BeforeAll
    static void proxy() {
        proxy = new FaultProxy(nginxPort());
        proxy.otherwise(FaultProxy.Fault.DROP_PRECONDITIONS);
    }

    @AfterAll
    static void stopProxy() {
        if (proxy != null) {
            proxy.close();
        }
    }

    @Override
    protected String base() {
        return proxy.uri("").toString();
    }
}
