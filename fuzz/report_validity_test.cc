// The fuzz targets' judges of what meldcheck writes: a judge that passes what is broken
// hides every bug the target exists to find.
#include <gtest/gtest.h>

#include <string>

#include "fuzz/report_validity.h"

namespace meldcheck::fuzz {
namespace {

// A page of text long enough for every way through: words, lines, entities, attributes.
std::string page(const std::string& inside) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"a &amp; b\">\n  <testcase name=\"x\">" + inside +
         "</testcase>\n  <system-out>&lt;ok&gt; &#38; caf\xC3\xA9 more words here</system-out>\n</testsuites>\n";
}

TEST(XmlProblem, AWellFormedPageHasNone) {
  for (size_t n = 0; n < 24; ++n) EXPECT_EQ(xml_problem(page(std::string(n, 'a'))), "") << n;
}

// Each fault at every offset of a line, so that it falls at every place of an eight-byte word.
TEST(XmlProblem, EachFaultIsFoundWhereverItFalls) {
  const std::string faults[] = {std::string(1, '\x01'), std::string(1, '\0'), "\x7F" "\x80", "\xC3", "\xED\xA0\x80", "&bogus;", "&amp",
                                "<", "</other>", "<open>", "\xEF\xBF\xBE"};
  for (const std::string& fault : faults)
    for (size_t n = 0; n < 24; ++n) {
      const std::string inside = std::string(n, 'a') + fault + std::string(9, 'b');
      EXPECT_NE(xml_problem(page(inside)), "") << "fault " << testing::PrintToString(fault) << " after " << n << " bytes";
    }
}

TEST(XmlProblem, AnAttributeHoldsNoLessThanSign) {
  EXPECT_NE(xml_problem("<a b=\"x<y\"></a>"), "");
  EXPECT_EQ(xml_problem("<a b=\"x&gt;y\"></a>"), "");
}

TEST(JsonProblem, StrictJsonOnly) {
  EXPECT_EQ(json_problem("{\"a\": [1, 2, \"caf\xC3\xA9\"]}"), "");
  EXPECT_NE(json_problem("{\"a\": [1, 2,]}"), "");
  EXPECT_NE(json_problem("{\"a\": \"\xC3\"}"), "");
}

}  // namespace
}  // namespace meldcheck::fuzz
