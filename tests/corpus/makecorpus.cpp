// Writes the malformed-input corpus into a folder: every case's inputs and manifest.json, which lists
// each case's inputs, arguments and expected outcomes for tst_malformedcorpus.
//   sightline_makecorpus OUTDIR

#include "corpuscases.h"
#include "corpuswriter.h"

#include <cstdio>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: sightline_makecorpus OUTDIR\n");
        return 2;
    }
    CorpusWriter w(argv[1]);
    CorpusCases::addTruncations(w);
    CorpusCases::addByteFlips(w);
    CorpusCases::addWrongTypes(w);
    CorpusCases::addNumericExtremes(w);
    CorpusCases::addPairing(w);
    CorpusCases::addNesting(w);
    CorpusCases::addEncodings(w);
    CorpusCases::addRanksAndFolders(w);
    CorpusCases::addLayerwise(w);
    CorpusCases::addDialects(w);
    CorpusCases::addResources(w);
    w.finish();
    std::printf("sightline_makecorpus: %zu cases in %s\n", w.caseCount(), argv[1]);
    return 0;
}
