package dev.stride.azure;

import dev.stride.azure.testing.Azurite;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.RemoteCorpus;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.stream.Stream;

/**
 * The shared conformance corpus uploaded once to Azurite and read through {@code az://} URIs, and the v2 manifest also
 * through {@code abfs://} ones: every case of the v3 and the v2 manifest reads as it reads from the local directory
 * (and as the manifest expects), every error case is refused as it is there. Skipped with a notice when the corpus
 * ({@code STRIDE_SHARED}) or Azurite is absent, unless {@code STRIDE_REQUIRE_SHARED=1} or {@code STRIDE_REQUIRE_AZURITE=1}.
 */
class AzureConformanceTest {
    /** The container holding the whole corpus, uploaded by the first test that needs it. */
    private static String container;

    @TestFactory
    Stream<DynamicTest> everyCaseReadsOverAzureAsItReadsLocally() {
        return checks(Corpus.cases(), "");
    }

    @TestFactory
    Stream<DynamicTest> everyV2CaseReadsOverAzureAsItReadsLocally() {
        return checks(Corpus.cases(Corpus.V2_MANIFEST), "");
    }

    /** The abfs form, the account named in the host and the emulator given as the endpoint. */
    @TestFactory
    Stream<DynamicTest> everyV2CaseReadsThroughAnAbfsUri() {
        return checks(Corpus.cases(Corpus.V2_MANIFEST), "abfs");
    }

    private static Stream<DynamicTest> checks(List<Corpus.Case> cases, String form) {
        String uploaded = container();
        Azurite azurite = Azurite.get();
        return cases.stream()
                .filter(c -> !c.expect().equals("skip"))
                .map(c -> DynamicTest.dynamicTest(c.expect() + " " + c.path(), () -> RemoteCorpus.check(c, form.isEmpty()
                        ? azurite.uri(uploaded, c.served(), "")
                        : "abfs://" + uploaded + "@" + Azurite.ACCOUNT + ".dfs.core.windows.net/" + c.served() + "?endpoint=" + azurite.endpoint(),
                        "over Azure")));
    }

    private static synchronized String container() {
        if (container == null) {
            Azurite azurite = Azurite.get();
            String name = azurite.container("conformance");
            try (WritableStore store = new AzStoreProvider().openWritable(StoreDescriptor.parse(azurite.uri(name, "", "timeout=10&retries=1")))) {
                RemoteCorpus.upload(store);
            }
            container = name;
        }
        return container;
    }
}
