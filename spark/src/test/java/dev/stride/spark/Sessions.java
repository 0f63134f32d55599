package dev.stride.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one Spark session of the test JVM: starting one takes 7-13 s, so every test class shares it. {@code local[2]},
 * on loopback, with java.time values (Instant for timestamps) in rows.
 */
final class Sessions {
    private static SparkSession session;

    private Sessions() {
    }

    static synchronized SparkSession spark() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2]")
                    .appName("stride-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.sql.datetime.java8API.enabled", "true")
                    .config("spark.sql.session.timeZone", "UTC")
                    .getOrCreate();
            session.sparkContext().setLogLevel("WARN");
        }
        return session;
    }
}
