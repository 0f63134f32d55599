package dev.stride.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** {@code stride --version}: Stride's version (filtered in by Maven) and the Java that runs it. */
final class StrideVersion implements IVersionProvider {

    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = StrideVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[] {
                "stride " + p.getProperty("version", "(unknown version)"),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + "), "
                        + System.getProperty("os.name") + " " + System.getProperty("os.arch")};
    }
}
